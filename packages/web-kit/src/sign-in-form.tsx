import { FormEvent, ReactNode } from 'react';
import './sign-in-form.css';

/**
 * A centred sign-in form: its title, the caller's fields, the refusal (role "alert") and a submit button disabled
 * while busy. The caller checks the input and signs in (the back office's staff, the studio console's dealers).
 */
export function SignInForm({
  title,
  submitLabel,
  error,
  busy,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  error: string | null;
  busy: boolean;
  onSubmit(): void | Promise<void>;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSubmit();
  };
  return (
    <main className="login">
      <form className="panel login__form" onSubmit={submit} aria-label={title}>
        <h1>{title}</h1>
        {children}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
      </form>
    </main>
  );
}
