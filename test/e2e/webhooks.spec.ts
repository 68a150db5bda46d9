import http from 'node:http';
import { audit } from './axe';
import { E2E_WEBHOOK_PORT } from './environment.mjs';
import { expect, signIn, test } from './fixtures';

/** Account → Webhooks (issue 42, decision D58): add an endpoint, see its secret once, send a test event, see it in the log, redeliver it. */

test('add an endpoint, send a test event, see it in the delivery log, redeliver it', async ({ page, account }) => {
  const received: { id: string; type: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ id: String(req.headers['webhook-id']), type: JSON.parse(Buffer.concat(chunks).toString()).type });
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(E2E_WEBHOOK_PORT, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${E2E_WEBHOOK_PORT}/hook`;
    await signIn(page, account);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill('CMS');
    await dialog.getByRole('checkbox', { name: 'file.created' }).check();
    await audit(page, 'Webhooks: add dialog');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Copy this signing secret now: it is not shown again.', { exact: false })).toBeVisible();
    const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const list = page.getByRole('list', { name: 'Webhook endpoints of this account' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Active');
    await expect(page.getByText(secret)).toHaveCount(0);

    await list.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(`Test event sent to ${url}.`)).toBeVisible();
    await expect.poll(() => received.length).toBe(1);
    const log = page.getByRole('list', { name: `Deliveries to ${url}` });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(log).toContainText('webhook.test · Delivered', { timeout: 1000 });
    }).toPass();
    await expect(log).toContainText('200');
    await audit(page, 'Webhooks: delivery log');

    await log.getByRole('button', { name: /^Redeliver webhook\.test/ }).click();
    await expect(page.getByText('Delivery queued again.')).toBeVisible();
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]).toEqual(received[0]);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
