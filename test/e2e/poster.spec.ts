import type { Locator, Page } from '@playwright/test';
import { apiAs, expect, signIn, test } from './fixtures';

/**
 * The poster the operator chooses (issue 43, decision D65): a frame picked from the strip of the
 * storyboard's tiles becomes the poster the gallery, the list's data and the player page show (under a
 * new URL); "Use automatic" brings the pipeline's back; at 360 px every control of the dialog fits.
 */

interface Listed {
  file_id: number;
  file_status: number;
  file_slug: string;
  file_image: string | null;
  file_slide: string | null;
  isActive: number;
}

/** A processed file of the account with its storyboard (seeded files share the demo video's). */
async function processedFile(api: Awaited<ReturnType<typeof apiAs>>): Promise<Listed> {
  const files = (await api.get('/files/?limit=50&file_status=10')).data.files as Listed[];
  const file = files.find((f) => f.file_slide?.startsWith('media/') && f.isActive === 1);
  expect(file, 'a seeded active Completed file with the demo storyboard').toBeTruthy();
  return file!;
}

async function openPosterDialog(page: Page, fileId: number): Promise<Locator> {
  await page.goto(`/files/${fileId}`);
  await page.getByRole('button', { name: 'Choose poster…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Poster' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a frame picked from the strip becomes the poster of the gallery, the list and the player page', async ({
  page,
  account,
  request,
}) => {
  const api = await apiAs(request, account);
  const file = await processedFile(api);
  await signIn(page, account);
  const dialog = await openPosterDialog(page, file.file_id);

  const frames = dialog.getByRole('group', { name: 'Frames of the video' }).getByRole('button');
  await expect(frames).toHaveCount(25);
  const tenth = frames.nth(10);
  await tenth.click();
  await expect(tenth).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Use selected frame' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Poster changed' })).toBeVisible();
  await expect(dialog).toBeHidden();

  const stored = (await api.get(`/files/${file.file_id}`)).data as Listed;
  expect(stored.file_image).toMatch(new RegExp(`^media/files/${file.file_id}-[a-z0-9]+/poster\\.jpg$`));
  expect(stored.file_image).not.toBe(file.file_image);
  // The gallery shows the new poster (a new URL), and it loads.
  const gallery = page.getByRole('region', { name: 'File Gallery' }).getByRole('img', { name: /^Image of / });
  await expect(gallery).toHaveAttribute('src', new RegExp(`${stored.file_image!.replaceAll('.', '\\.')}$`));
  await expect.poll(() => gallery.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The list's data (what a list shows as the thumbnail) and the player page's poster follow.
  const listed = ((await api.get('/files/?limit=50&file_status=10')).data.files as Listed[]).find((f) => f.file_id === file.file_id);
  expect(listed!.file_image).toBe(stored.file_image);
  await page.goto(`/player/${file.file_slug}`);
  await expect(page.locator('video[slot="media"]')).toHaveAttribute('poster', `/images/${stored.file_image}`);
  const poster = await request.get(`/images/${stored.file_image}`);
  expect(poster.status()).toBe(200);
  expect(poster.headers()['content-type']).toBe('image/jpeg');

  // "Use automatic" brings the pipeline's thumbnail back.
  const again = await openPosterDialog(page, file.file_id);
  await again.getByRole('button', { name: 'Use automatic' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Back to the automatic poster' })).toBeVisible();
  await expect.poll(async () => ((await api.get(`/files/${file.file_id}`)).data as Listed).file_image).toMatch(/\/thumb\.jpg$/);
});

test('at 360 px every control of the poster dialog fits, and a refused upload keeps the dialog open with the reason', async ({
  page,
  account,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const api = await apiAs(request, account);
  const file = await processedFile(api);
  await signIn(page, account);
  const dialog = await openPosterDialog(page, file.file_id);
  for (const name of ['Use automatic', 'Upload image…', 'Use current frame', 'Use selected frame', 'Close']) {
    const box = (await dialog.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(360);
  }
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload image…' }).click();
  await (
    await chooser
  ).setFiles({ name: 'poster.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(dialog.getByRole('alert')).toHaveText('The poster could not be changed: The poster must be a JPEG, PNG or WebP image');
  await expect(dialog).toBeVisible();
  expect(((await api.get(`/files/${file.file_id}`)).data as Listed).file_image).toBe(file.file_image);
});
