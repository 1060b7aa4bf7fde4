import 'dotenv/config';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoCards } from './cli/demo-cards.ts';

/** Starts the server: config, database, demo cards on the embedded default, graceful shutdown. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // One clear line naming the setting, not a stack trace.
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  try {
    // Wallet settings are read (or the development certificate made) now, so a bad file stops the start.
    await app.features.wallet.wallet.prepare();
  } catch (error) {
    console.error(`Cannot start: wallet settings: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  await seedDemoCards(app);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Contact Cards runs at ${config.publicUrl} (owner app), API docs at ${config.publicUrl}/docs`);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: finishing requests in flight, then stopping`);
      // close() stops accepting, waits for in-flight requests, then runs onClose (database last).
      const timer = setTimeout(() => {
        app.log.error('shutdown took longer than 10 s; exiting');
        process.exit(1);
      }, 10_000);
      timer.unref();
      await app.close();
      process.exit(0);
    });
  }
}

main().catch((error) => {
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
