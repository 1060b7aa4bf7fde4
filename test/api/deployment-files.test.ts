import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES, loadConfig } from '../../server/config.ts';

// The Dockerfile and compose.yaml cannot be run here (no container engine), so this keeps them
// in line with what can be checked: the settings server/config.ts knows, .env.example and
// docs/configuration.md, package.json's engines and start command, the default port.
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The `environment:` keys of one service in compose.yaml (two-space YAML, as written there). */
function composeEnvironment(service: string): Record<string, string> {
  const lines = read('compose.yaml').split('\n');
  const start = lines.indexOf(`  ${service}:`);
  expect(start, `service ${service}`).toBeGreaterThan(-1);
  const env: Record<string, string> = {};
  let inEnv = false;
  for (const line of lines.slice(start + 1)) {
    if (/^ {2}\S/.test(line) || /^\S/.test(line)) break; // next service or top-level key
    if (/^ {4}environment:\s*$/.test(line)) inEnv = true;
    else if (/^ {4}\S/.test(line)) inEnv = false;
    else if (inEnv) {
      const match = /^ {6}([A-Z0-9_]+):\s*(.*)$/.exec(line);
      if (match) env[match[1]] = match[2].replace(/^'(.*)'$/, '$1');
    }
  }
  return env;
}

describe('deployment files', () => {
  it('set in compose.yaml only settings that server/config.ts, .env.example and docs/configuration.md know', () => {
    const env = composeEnvironment('app');
    expect(Object.keys(env).length).toBeGreaterThan(10);
    const example = read('.env.example');
    const docs = read('docs/configuration.md');
    for (const name of Object.keys(env)) {
      expect(SETTING_NAMES, name).toContain(name);
      expect(example, `.env.example lists ${name}`).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
      expect(docs, `docs/configuration.md explains ${name}`).toContain(`\`${name}\``);
    }
  });

  it('list every setting in .env.example and docs/configuration.md', () => {
    const example = read('.env.example');
    const docs = read('docs/configuration.md');
    for (const name of SETTING_NAMES) {
      expect(example, `.env.example lists ${name}`).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
      expect(docs, `docs/configuration.md explains ${name}`).toContain(`\`${name}\``);
    }
  });

  it('build the Dockerfile on a Node version package.json accepts, and start the server as npm start does', () => {
    const dockerfile = read('Dockerfile');
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; scripts: Record<string, string> };
    const minimum = /^>=(\d+)\.(\d+)$/.exec(pkg.engines.node);
    expect(minimum, 'engines.node is a plain >= range').not.toBeNull();
    const images = [...dockerfile.matchAll(/^FROM node:(\d+)\.(\d+)/gm)];
    expect(images.length).toBeGreaterThan(0);
    for (const [, major, minor] of images) {
      const [wantMajor, wantMinor] = [Number(minimum![1]), Number(minimum![2])];
      expect(
        Number(major) > wantMajor || (Number(major) === wantMajor && Number(minor) >= wantMinor),
        `node:${major}.${minor} satisfies ${pkg.engines.node}`,
      ).toBe(true);
    }
    // The same command as npm start's, without the build (the image has built the app).
    expect(pkg.scripts.start).toContain('node --import tsx server/main.ts');
    expect(dockerfile).toContain('CMD ["node", "--import", "tsx", "server/main.ts"]');
  });

  it('expose the default port, and run compose on it', () => {
    const port = loadConfig({}).port;
    expect(read('Dockerfile')).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
    expect(read('Dockerfile')).toContain(`PORT=${port}`);
    expect(composeEnvironment('app').PORT).toBe(String(port));
    // The proxy runs deploy/Caddyfile (issue 39) in front of the replicas and asks them before a certificate.
    expect(read('compose.yaml')).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(composeEnvironment('proxy').CARDS_UPSTREAMS).toBe(`app:${port}`);
    expect(composeEnvironment('proxy').CARDS_ASK).toBe(`app:${port}`);
  });

  it("show deploy/Caddyfile word for word in docs/deployment.md (issue 39: the file test/caddy runs), asking the app's tls-allowed on its port", () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(read('docs/deployment.md')).toContain('```caddyfile\n' + caddyfile + '```\n');
    expect(caddyfile).toContain('ask http://{$CARDS_ASK:app1:' + loadConfig({}).port + '}/.well-known/cmc/tls-allowed');
    expect(caddyfile).toMatch(/https:\/\/ \{\n\ttls \{\n\t\ton_demand\n/);
  });
});

describe('README.md (issue 23)', () => {
  it('names PORT and DATA_DIR with their defaults, says that / is where owners sign up, and cites no design decision unexplained', () => {
    const readme = read('README.md');
    const config = loadConfig({});
    expect(readme).toMatch(new RegExp(`\\| \`PORT\` \\| \`${config.port}\` \\|`));
    expect(readme).toMatch(/\| `DATA_DIR` \| `\.\/data` \|/);
    expect(path.resolve(root, config.dataDir)).toBe(path.join(root, 'data'));
    expect(readme).toMatch(new RegExp(`http://localhost:${config.port}/ : that is the owner app, where owners \\*\\*sign up\\*\\*`));
    // "D9" and the like mean something only beside docs/design-decisions.md, which says what they are.
    const citing = readme.split('\n').filter((line) => /\bD\d+\b/.test(line));
    for (const line of citing) expect(line).toContain('(docs/design-decisions.md)');
  });
});
