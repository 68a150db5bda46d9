import type { Page } from '@playwright/test';
import { audit } from './axe';
import { apiAs, expect, test, type Account } from './fixtures';
import { serveHost } from './hosts';

/** `locale="vi"` on each element against the real server: Vietnamese screens, MUI's and the DataGrid's own texts, a live switch. */

const KIT = '<script type="module" src="/kit/vp-admin-kit.js"></script>';
const host = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Host</title>${KIT}</head><body style="margin:0">${body}</body></html>`;

async function signedInHost(
  page: Page,
  request: import('@playwright/test').APIRequestContext,
  account: Account,
  body: string,
  lang = 'en',
) {
  const api = await apiAs(request, account);
  await page.addInitScript((key) => localStorage.setItem('apiKey', key), api.apiKey);
  await serveHost(page, '/hosts/locale.html', host(lang, body));
  await page.goto('/hosts/locale.html');
  return api;
}

/** Texts a fixed-width box cuts off: buttons, headings, labels and column headers whose text is wider than the box. */
const clippedTexts = (page: Page) =>
  page.evaluate(() => {
    const roots: ParentNode[] = [document];
    for (let i = 0; i < roots.length; i++) for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    const selector =
      'button, h1, h2, label, legend, [role="tab"], [role="columnheader"] .MuiDataGrid-columnHeaderTitle, .MuiTablePagination-displayedRows, .MuiTablePagination-selectLabel';
    return roots
      .flatMap((root) => [...root.querySelectorAll<HTMLElement>(selector)])
      .filter((el) => el.checkVisibility() && el.scrollWidth > el.clientWidth + 1 && el.textContent?.trim())
      .map((el) => `${el.localName}: ${el.textContent!.trim()}`);
  });

test('<vp-file-list locale="vi">: Vietnamese screen and DataGrid paging; switching the attribute live keeps the filter and the selection', async ({
  page,
  request,
  account,
}) => {
  await signedInHost(page, request, account, '<vp-file-list url-state="memory" locale="vi"></vp-file-list>');
  await expect(page.getByRole('heading', { name: 'Quản lý tệp' })).toBeVisible();
  await expect(page.getByText('Số hàng mỗi trang:')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Tiêu đề' })).toBeVisible();
  // The DataGrid's own words, from MUI X's viVN.
  await expect(page.getByRole('checkbox', { name: 'Chọn tất cả hàng' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tới trang tiếp theo' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Trạng thái tệp' }).click();
  await page.getByRole('option', { name: 'Hoàn tất' }).click();
  await expect(page.getByRole('combobox', { name: 'Trạng thái tệp' })).toHaveText('Hoàn tất');
  const rows = page.locator('[role="row"][data-id]');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  await rows.first().getByRole('checkbox').check();
  await expect(page.getByText('Đã chọn 1')).toBeVisible();

  await page.locator('vp-file-list').evaluate((el) => el.setAttribute('locale', 'en'));
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('heading', { name: 'File Management' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'File Status' })).toHaveText('Completed');
  await expect(rows).toHaveCount(shown);
  await expect(page.getByText('Rows per page:')).toBeVisible();
});

test('<vp-file-editor locale="vi">: Vietnamese cards, the upload dialog with language names in Vietnamese, the Audience card with its dates in Vietnamese', async ({
  page,
  request,
  account,
}) => {
  const api = await apiAs(request, account);
  const file = (await api.get('/files/?limit=1')).data.files[0] as { file_id: number };
  await signedInHost(page, request, account, `<vp-file-editor file-id="${file.file_id}" locale="vi"></vp-file-editor>`);
  await expect(page.getByRole('heading', { name: 'Cập nhật tệp' })).toBeVisible();
  for (const heading of ['Thông tin tệp', 'Nhúng và liên kết', 'Phụ đề', 'Thư viện ảnh'])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.getByRole('button', { name: 'Tải phụ đề lên' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Tải phụ đề lên' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Ngôn ngữ' }).click();
  await expect(page.getByRole('option', { name: 'Tiếng Anh', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Tiếng Pháp', exact: true })).toBeAttached();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Hủy' }).click();

  // The Audience card: the definition of a view, and the export's days written as the locale writes dates.
  const audience = page.getByRole('region', { name: 'Người xem' });
  await audience.getByRole('button', { name: 'Xem lượt xem và thời gian xem' }).click();
  await expect(audience).toContainText('Một lượt xem là một lần tải trang trình phát đã phát ít nhất 3 giây');
  const exportForm = audience.getByRole('form', { name: 'Xuất lượt xem ra CSV' });
  await exportForm.getByLabel('Từ ngày').fill('2026-10-31');
  await exportForm.getByLabel('Đến ngày').fill('2026-11-29');
  await expect(exportForm).toContainText('Các ngày (giờ UTC) 31 thg 10\u2009–\u200929 thg 11, 2026.');
});

test("<vp-admin-panel> follows the page's lang: a Vietnamese sign-in page", async ({ page }) => {
  await serveHost(page, '/hosts/locale.html', host('vi-VN', '<vp-admin-panel routing="memory"></vp-admin-panel>'));
  await page.goto('/hosts/locale.html');
  await expect(page.getByText('Đăng nhập để bắt đầu phiên làm việc')).toBeVisible();
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByRole('alert')).toHaveText('Tên đăng nhập và mật khẩu không được để trống.');
});

for (const theme of ['light', 'dark'] as const) {
  test(`in Vietnamese, ${theme}: axe passes and no text is clipped at 1280 and 390 px`, async ({ page, request, account }, info) => {
    const api = await apiAs(request, account);
    const file = (await api.get('/files/?limit=1')).data.files[0] as { file_id: number };
    const screens = {
      list: `<vp-file-list url-state="memory" locale="vi" theme="${theme}"></vp-file-list>`,
      editor: `<vp-file-editor file-id="${file.file_id}" locale="vi" theme="${theme}"></vp-file-editor>`,
    };
    await page.addInitScript((key) => localStorage.setItem('apiKey', key), api.apiKey);
    for (const [name, body] of Object.entries(screens)) {
      await serveHost(page, `/hosts/locale-${name}.html`, host('vi', body));
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/hosts/locale-${name}.html`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText(/Đang tải/)).toHaveCount(0);
        await page.screenshot({ path: info.outputPath(`${name}-${width}-${theme}.png`), fullPage: true });
        expect(await clippedTexts(page), `${name} at ${width} px`).toEqual([]);
        if (width === 1280) await audit(page, `${name}, vi, ${theme}`);
      }
    }
  });
}
