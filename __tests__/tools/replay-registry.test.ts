import fs from 'node:fs';
import path from 'node:path';
import { ACTION_MODULES, actionTypesOf, KNOWN_ACTION_TYPES, OTHER_STORE_MODULES } from '../../src/features/replay/actionRegistry';
import { APP_INFO } from '../../src/features/replay/logFormat';

const SRC = path.join(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [full] : [];
  });
}

describe('replay action registry', () => {
  const definers = sourceFiles(SRC).filter((file) => /\bcreate(Slice|Action)\s*[<(]/.test(fs.readFileSync(file, 'utf8')));

  const modules = definers
    .map((file) =>
      path
        .relative(SRC, file)
        .replace(/\.tsx?$/, '')
        .split(path.sep)
        .join('/'),
    )
    .filter((m) => !OTHER_STORE_MODULES.includes(m));

  it.each(modules.map((m) => [m]))('knows every action type exported by %s', (relative) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const types = actionTypesOf(require(path.join(SRC, relative)));
    const missing = types.filter((type) => !KNOWN_ACTION_TYPES.has(type));
    // A module defining actions the app store sees must be listed in ACTION_MODULES (src/features/replay/actionRegistry.ts).
    expect({ module: relative, missing }).toEqual({ module: relative, missing: [] });
  });

  it('lists only modules that exist and export actions', () => {
    for (const [name, exports] of Object.entries(ACTION_MODULES)) expect({ name, count: actionTypesOf(exports).length > 0 }).toEqual({ name, count: true });
  });

  it('names the app as package.json does', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8'));
    expect(APP_INFO).toEqual({ name: pkg.name, version: pkg.version });
  });
});

describe('reducers stay pure (replay determinism)', () => {
  const slices = sourceFiles(SRC).filter((file) => /\bcreateSlice\s*[<(]/.test(fs.readFileSync(file, 'utf8')));
  it.each(slices.map((file) => [path.relative(SRC, file)]))('%s reads no clock and no randomness', (relative) => {
    const text = fs.readFileSync(path.join(SRC, relative), 'utf8');
    // IDs and times belong in the action (a `prepare` callback, or the saga that dispatches it), where the log records them.
    expect(text.match(/Date\.now\(|new Date\(|Math\.random\(|performance\.now\(|crypto\.(randomUUID|getRandomValues)\(/g)).toBeNull();
  });
});
