import 'reflect-metadata';
import { startOperatorWallet } from './app/bootstrap';
import { loadWalletConfig, WalletConfig, WalletConfigError } from './config/wallet-config';

async function main(): Promise<void> {
  let config: WalletConfig;
  try {
    config = loadWalletConfig(process.env);
  } catch (err) {
    if (err instanceof WalletConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const wallet = await startOperatorWallet(config);
  wallet.app.enableShutdownHooks();
  console.log(`operator-wallet listening on ${wallet.url} (faults ${config.OPERATOR_WALLET_FAULTS})`);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
