import { PGlite } from '@electric-sql/pglite';

const r = () => Math.round(process.memoryUsage().rss / 1048576);
console.log('base', r());
const p = await PGlite.create({ dataDir: '/tmp/rss-pg' });
console.log('pglite open', r());
await p.query('select 1');
console.log('after query', r());
const { scryptSync } = await import('node:crypto');
scryptSync('x', 'salt', 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
console.log('after scrypt', r());
await new Promise((r) => setTimeout(r, 2000));
console.log('later', r());
