// Test-only helpers of the game services' e2e tests (and the demo's players): a dev dependency, never part of a
// service's runtime, so that the services never load socket.io-client or the test infrastructure.
export * from './harness';
// The game service contract: defines jest cases when called (from a service's test/contract.spec.ts); loading it
// runs nothing.
export * from './contract';
