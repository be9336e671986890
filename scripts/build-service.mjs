// Bundles a service entry point into dist/main.js: our workspace packages (TypeScript) are
// compiled in, npm dependencies stay external and come from node_modules at run time.
import { build } from 'esbuild';
import path from 'node:path';

const [entry = 'src/main.ts', outfile = 'dist/main.js'] = process.argv.slice(2);

const externalDependencies = {
  name: 'external-dependencies',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@aipay/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [path.resolve(entry)],
  outfile: path.resolve(outfile),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalDependencies],
  logLevel: 'warning',
});
console.log(`built ${outfile}`);
