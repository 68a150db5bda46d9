import http from 'node:http';
import { audit } from './axe';
import { E2E_WEBHOOK_PORT } from './environment.mjs';
import { apiAs, expect, signIn, test } from './fixtures';
import { auditLabelsInNames, expectNoneFound, type Findings } from './label-in-name';

/**
 * Account → Webhooks (issue 42, decision D58): add an endpoint, see its secret once, send a test event,
 * see it in the log, redeliver it; an endpoint whose deliveries fail is shown failing, and counted beside
 * Account and its Webhooks item wherever the operator is. The server retries a delivery once, after 1 s
 * (VP_WEBHOOK_BACKOFF in server.mjs).
 */

const url = `http://127.0.0.1:${E2E_WEBHOOK_PORT}/hook`;

/** The receiver the server may reach (E2E_WEBHOOK_PORT): records each POST's Webhook-Id and type, and answers `status`. */
async function startReceiver(status: number) {
  const received: { id: string; type: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ id: String(req.headers['webhook-id']), type: JSON.parse(Buffer.concat(chunks).toString()).type });
      res.writeHead(status).end(status < 300 ? 'thanks' : 'down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(E2E_WEBHOOK_PORT, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('add an endpoint, send a test event, see it in the delivery log, redeliver it', async ({ page, account }) => {
  const { received, close } = await startReceiver(200);
  try {
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
    await close();
  }
});

test('an endpoint whose deliveries keep failing is shown failing, with since when, from the Account menu on', async ({
  page,
  account,
  request,
}) => {
  const { received, close } = await startReceiver(503);
  try {
    const api = await apiAs(request, account);
    const { webhook } = (await api.post('/webhooks', { url, events: ['file.ready'] })).data;
    await api.post(`/webhooks/${webhook.id}/test`);
    // The first attempt and its one retry: the schedule is used up.
    await expect.poll(() => received.length).toBe(2);
    await expect.poll(async () => (await api.get('/webhooks')).data.webhooks[0].state).toBe('failing');

    // Told wherever they are: a count beside Account, and beside Webhooks in its menu (en and vi).
    await signIn(page, account);
    const found: Findings = new Map();
    await page.getByRole('button', { name: 'Account 1 webhooks failing' }).click();
    await expect(page.getByRole('menuitem', { name: 'Webhooks 1 failing' })).toBeVisible();
    await auditLabelsInNames(page, 'account menu with a failing webhook', found);
    expectNoneFound(found);
    await page.getByRole('menuitem', { name: 'Webhooks 1 failing' }).click();
    const list = page.getByRole('list', { name: 'Webhook endpoints of this account' });
    await expect(list).toContainText('Failing');
    await expect(list).toContainText(/Deliveries fail since .+: check that the endpoint answers\./);
    await list.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('list', { name: `Deliveries to ${url}` });
    await expect(log).toContainText('webhook.test · Failed');
    await expect(log).toContainText('down for maintenance');
    await audit(page, 'Webhooks: a failing endpoint');
  } finally {
    await close();
  }
});
