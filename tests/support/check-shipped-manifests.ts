/**
 * Checks the shipped builds (`npm run build`, `npm run build:firefox`): no
 * site is granted at install — the service origin is asked for at run time —
 * the test-only grants of the sandbox build never leak into them, and neither
 * does its test hook (the menu and shortcut dispatchers it exposes).
 */
import { readdirSync, readFileSync } from 'node:fs';

interface Manifest {
  manifest_version: number;
  permissions?: string[];
  host_permissions?: string[];
  optional_permissions?: string[];
  optional_host_permissions?: string[];
}

const failures: string[] = [];
const expectThat = (ok: boolean, message: string) => ok || failures.push(message);
const read = (dir: string): Manifest => JSON.parse(readFileSync(`.output/${dir}/manifest.json`, 'utf8'));
const isOrigin = (permission: string) => permission.includes('://') || permission === '<all_urls>';

const chrome = read('chrome-mv3');
expectThat((chrome.host_permissions ?? []).length === 0, `chrome-mv3 grants hosts at install: ${chrome.host_permissions}`);
expectThat(!(chrome.permissions ?? []).some(isOrigin), `chrome-mv3 lists origins in permissions: ${chrome.permissions}`);
expectThat((chrome.optional_host_permissions ?? []).includes('https://*/*'), 'chrome-mv3 cannot ask for an https service origin');

// Managed deployment: the policy schema ships and is the file the manifest names.
const schemaFile = (chrome as Manifest & { storage?: { managed_schema?: string } }).storage?.managed_schema;
expectThat(schemaFile === 'managed-schema.json', `chrome-mv3 names no managed storage schema: ${schemaFile}`);
const schema = JSON.parse(readFileSync('.output/chrome-mv3/managed-schema.json', 'utf8')) as { type?: string; properties?: Record<string, unknown> };
expectThat(schema.type === 'object' && Boolean(schema.properties?.apiKey), 'the managed storage schema does not describe the policy');

const firefox = read('firefox-mv2');
expectThat(!(firefox.permissions ?? []).some(isOrigin), `firefox-mv2 grants hosts at install: ${firefox.permissions}`);
expectThat((firefox.optional_permissions ?? []).includes('https://*/*'), 'firefox-mv2 cannot ask for an https service origin');

for (const manifest of [chrome, firefox]) {
  expectThat(!JSON.stringify(manifest).includes('<all_urls>'), `manifest v${manifest.manifest_version} mentions <all_urls>`);
}

for (const dir of ['chrome-mv3', 'firefox-mv2']) {
  const scripts = readdirSync(`.output/${dir}`, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  for (const script of scripts) {
    expectThat(!readFileSync(`.output/${dir}/${script}`, 'utf8').includes('takedownReporterTest'), `${dir}/${script} carries the test-only hook`);
  }
  expectThat(scripts.some((script) => script.includes('background')), `${dir} has no background script to check`);
}

if (failures.length) {
  console.error(`Shipped manifests are wrong:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('Shipped builds: no host granted at install; service origin requested at run time; no test hook.');
