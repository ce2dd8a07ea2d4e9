export * from './playing-card';
export * from './sign-in-form';
