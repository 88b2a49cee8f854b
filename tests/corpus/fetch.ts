// `npm run corpus:fetch [DIR]`: the Phishing Pot collection of real phishing
// emails (CC BY-NC 4.0, so not in this repository), at the commit the figures
// in docs/email.md were measured on, into DIR (default
// ../shared/corpus/phishing-email beside the clone, where `npm run corpus`
// looks). Needs git and the network to GitHub; two files of the collection
// are Git LFS pointers and are skipped by the reader.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = 'https://github.com/rf-peixoto/phishing_pot.git';
/** The collection's last commit when the figures were measured (27 March 2026). */
const PINNED_COMMIT = '8e207b5f465bf72c2326551b1a9b2ba67f3b4ef6';

const here = dirname(fileURLToPath(import.meta.url));
const target = resolve(process.argv[2] ?? process.env.EMAIL_CORPUS_DIR ?? join(here, '../../../shared/corpus/phishing-email'));
if (existsSync(target)) {
  console.log(`${target} is there already: nothing fetched.`);
} else {
  const clone = mkdtempSync(join(tmpdir(), 'phishing-pot-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, stdio: 'inherit', env: { ...process.env, GIT_LFS_SKIP_SMUDGE: '1' } });
  git('init', '--quiet');
  git('fetch', '--quiet', '--depth', '1', REPOSITORY, PINNED_COMMIT);
  git('checkout', '--quiet', 'FETCH_HEAD');
  execFileSync('mkdir', ['-p', dirname(target)]);
  renameSync(join(clone, 'email'), target);
  rmSync(clone, { recursive: true, force: true });
  console.log(`The collection's emails are in ${target}: npm run corpus -- ${target}`);
}
