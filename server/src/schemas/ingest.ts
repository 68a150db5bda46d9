// Schemas of POST /api/files (a new video: multipart upload or a URL to fetch).

/** Documents both bodies; the handler reads them itself (multipart is streamed), so nothing is validated. */
export const ingestBodySchema = (maxVideoBytes: number) =>
  ({
    type: 'object',
    required: ['file_title'],
    properties: {
      video_file: { type: 'string', format: 'binary', description: `multipart only; at most ${maxVideoBytes} bytes` },
      source_url: { type: 'string', description: 'JSON only: a public http(s) URL of the video' },
      file_title: { type: 'string' },
      file_slug: { type: 'string', description: 'Optional; made from the title when absent' },
    },
  }) as const;
