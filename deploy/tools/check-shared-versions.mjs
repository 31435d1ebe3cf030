#!/usr/bin/env node
// Checks that every package declares the same version of each shared singleton,
// so the shell and remotes built by different teams negotiate one instance.
// Exit code 1 lists every disagreement.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const { SINGLETONS } = require('../webpack/shared-dependencies.cjs');
// The portal server renders guests' pages with the shell's own libraries; the
// page platform's hand-over runs on the shell's React.
const PACKAGES = ['shell', 'mfe-public', 'mfe-applicant', 'mfe-staff', 'shared-auth', 'shared-api', 'page-platform'];

export function findDisagreements(manifests) {
  const names = [...new Set(SINGLETONS.map((key) => key.replace(/\/$/, '')))];
  const problems = [];
  for (const name of names) {
    const declared = Object.entries(manifests)
      .map(([pkg, manifest]) => [pkg, manifest.dependencies?.[name] ?? manifest.peerDependencies?.[name]])
      .filter(([, version]) => version !== undefined);
    const versions = new Set(declared.map(([, version]) => version));
    if (versions.size > 1) problems.push(`${name}: ${declared.map(([pkg, v]) => `${pkg}@${v}`).join(', ')}`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifests = Object.fromEntries(PACKAGES.map((pkg) => [pkg, JSON.parse(readFileSync(path.join(root, pkg, 'package.json'), 'utf8'))]));
  const problems = findDisagreements(manifests);
  if (problems.length) {
    console.error(`Shared dependency versions disagree:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Shared dependency versions agree across ${PACKAGES.length} packages.`);
}
