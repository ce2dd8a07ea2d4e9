export { startOperatorWallet, RunningWallet } from './app/bootstrap';
export { loadWalletConfig, WalletConfig, WalletConfigError } from './config/wallet-config';
export { FAULT_MODES, Fault, FaultMode } from './faults/fault-plan';
