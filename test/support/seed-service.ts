// A long-lived process that runs server CLI commands sent over IPC, one at a time: the end-to-end suite
// seeds an account per test, and a new `npm run server -- seed` per account costs ~2.5 s of CPU
// (starting node and tsx, loading the server's modules) against ~0.1 s for the seeding itself.
import { runCommand } from '../../server/src/cli';

let queue = Promise.resolve();
process.on('message', (message: { id: number; args: string[] }) => {
  queue = queue.then(async () => {
    try {
      await runCommand(message.args);
      process.send!({ id: message.id, ok: true });
    } catch (err) {
      process.send!({ id: message.id, ok: false, message: err instanceof Error ? err.message : String(err) });
    }
  });
});
// The suite's worker ended (its IPC channel closed): so does this process.
process.on('disconnect', () => process.exit(0));
