import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** The password from a file (first line), or typed at a terminal without echo, twice. */
export async function readPassword(file: string | undefined): Promise<string> {
  if (file !== undefined) return readFileSync(file, 'utf8').split(/\r?\n/)[0];
  if (!process.stdin.isTTY) throw new Error('no terminal to type the password in: pass --password-file');
  const first = await ask('password: ');
  const again = await ask('again: ');
  if (first !== again) throw new Error('the two passwords differ');
  return first;
}

function ask(prompt: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // Echo nothing of what is typed: readline writes through _writeToOutput.
  const silent = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stderr.write(prompt);
  silent._writeToOutput = () => undefined;
  return new Promise((resolve) =>
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    }),
  );
}
