// The floor of the browser bench: a plain React <table> of the same rows, paged through the same API
// with the same query as the file list, with a plain checkbox as each row's Active switch (PUT, then the
// row as the reply has it, as the list's switch does). Built with esbuild by browser.mjs; the page sets
// window.BENCH_QUERY.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

const query = window.BENCH_QUERY ?? { limit: 10, sort_by: 'created_at', order: 'desc' };

function FloorTable() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState(null);
  useEffect(() => {
    const ctrl = new AbortController();
    const qs = new URLSearchParams({ ...query, page: String(page) });
    fetch(`/api/files/?${qs}`, { headers: { 'x-apikey': localStorage.getItem('apiKey') ?? '' }, signal: ctrl.signal })
      .then((r) => r.json())
      .then((body) => setData(body.data))
      .catch(() => {});
    return () => ctrl.abort();
  }, [page]);
  const toggle = (file) => {
    const isActive = file.isActive === 1 ? 0 : 1;
    fetch(`/api/files/${file.file_id}`, {
      method: 'PUT',
      headers: { 'x-apikey': localStorage.getItem('apiKey') ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ isActive }),
    })
      .then((r) => r.json())
      .then((body) => {
        const next = body.data ?? { ...file, isActive };
        setData((d) => ({ ...d, files: d.files.map((f) => (f.file_id === file.file_id ? { ...f, ...next } : f)) }));
      })
      .catch(() => {});
  };
  const files = data?.files ?? [];
  const pages = data?.pagination.total_pages ?? 1;
  return (
    <div>
      <table>
        <thead>
          <tr>
            <th>ID</th>
            <th>Title</th>
            <th>Slug</th>
            <th>Server</th>
            <th>Status</th>
            <th>Active</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {files.map((f) => (
            <tr key={f.file_id} role="row" data-id={f.file_id}>
              <td>{f.file_id}</td>
              <td>{f.file_title}</td>
              <td>{f.file_slug}</td>
              <td>{f.file_server}</td>
              <td>{f.file_status}</td>
              <td data-field="isActive">
                <input
                  type="checkbox"
                  role="switch"
                  aria-label="Active"
                  checked={f.isActive === 1}
                  title={f.isActive === 1 ? 'Deactivate' : 'Activate'}
                  onChange={() => toggle(f)}
                />
              </td>
              <td>{new Date(f.created_at).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" aria-label="Go to next page" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
        Next
      </button>
      <span>
        page {page} of {pages}
      </span>
    </div>
  );
}

createRoot(document.getElementById('root')).render(<FloorTable />);
