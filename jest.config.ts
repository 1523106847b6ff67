import fs from 'node:fs';
import path from 'node:path';
import type { Config } from 'jest';

// ts-jest transpiles each file on its own (type errors are caught by `npm run typecheck`), which keeps the suite fast.
const tsJest = {
  '^.+\\.(t|j)sx?$': [
    'ts-jest',
    {
      tsconfig: { jsx: 'react-jsx', module: 'CommonJS', moduleResolution: 'Node10', allowJs: true, esModuleInterop: true, isolatedModules: true },
      diagnostics: false,
    },
  ],
} as const;
// Jest's runtime cannot require() ES modules, so ESM-only packages are transpiled like our own code.
const transformIgnorePatterns = [`node_modules/(?!(${esmOnlyPackages().map(escapeRegExp).join('|')})/)`];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Packages in node_modules that declare "type": "module" and offer no CommonJS entry. */
function esmOnlyPackages(): string[] {
  const root = path.join(__dirname, 'node_modules');
  const names = fs
    .readdirSync(root)
    .flatMap((name) => (name.startsWith('@') ? fs.readdirSync(path.join(root, name)).map((sub) => `${name}/${sub}`) : name.startsWith('.') ? [] : [name]));
  return names.filter((name) => {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(root, name, 'package.json'), 'utf8'));
      if (pkg.type !== 'module') return false;
      const exportsText = JSON.stringify(pkg.exports ?? {});
      const main = String(pkg.main ?? '');
      return !exportsText.includes('"require"') && !/\.cjs$/.test(main) && !/\/cjs\//.test(main);
    } catch {
      return false;
    }
  });
}

/** The contract package both sides import (tsconfig "paths"). */
const sharedAlias = { '^@shared/(.*)$': '<rootDir>/shared/$1' };

const config: Config = {
  projects: [
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/scripts/jest-jsdom-environment.js',
      testMatch: ['<rootDir>/__tests__/client/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/client/setup.ts'],
      transform: tsJest,
      transformIgnorePatterns,
      moduleNameMapper: { ...sharedAlias, '\\.css$': '<rootDir>/__tests__/client/styleStub.ts', '\\.md$': '<rootDir>/__tests__/client/markdownStub.ts' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts', '<rootDir>/__tests__/tools/**/*.test.ts'],
      transform: tsJest,
      transformIgnorePatterns,
      moduleNameMapper: sharedAlias,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
      setupFilesAfterEnv: ['<rootDir>/e2e/support/expectations.ts'],
      transform: tsJest,
      transformIgnorePatterns,
      moduleNameMapper: sharedAlias,
      slowTestThreshold: 60,
    },
  ] as Config['projects'],
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
  testTimeout: 30_000,
  maxWorkers: 2,
};

export default config;
