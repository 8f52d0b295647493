// mathjs on the conversions of expressions.tsv (its own spelling, the fourth column). Every answer is checked
// against the expected value before timing; a wrong one exits with status 1.
//
//   node mathjs_bench.mjs --expressions expressions.tsv [--min-time 0.2] [--reps 5] [--json]
//
// Per expression, the median over reps of the ns per call of
//   evaluate: math.evaluate(text), parse and evaluation each time (a text never seen before);
//   compiled: math.compile(text) once, then .evaluate() (the parsed form kept, like Ballpark's per-thread cache).
// Also the resident memory that loading mathjs adds (rss before and after the import).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const expressionsPath = option('--expressions', new URL('./expressions.tsv', import.meta.url).pathname);
const minTime = Number(option('--min-time', '0.2')) * 1e9;  // ns per repetition
const reps = Number(option('--reps', '5'));
const json = args.includes('--json');

const rssBefore = process.memoryUsage().rss;
const math = await import('mathjs');
const rssAfter = process.memoryUsage().rss;
const version = math.version;

const cases = readFileSync(expressionsPath, 'utf8').split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [name, , , text, expected] = line.split('\t');
    return { name, text, expected: Number(expected) };
  });

const numberOf = (result) => (typeof result === 'number' ? result : result.toNumber());
let wrong = false;
for (const c of cases) {
  const got = numberOf(math.evaluate(c.text));
  if (!(Math.abs(got - c.expected) <= 1e-9 * Math.abs(c.expected))) {
    console.error(`WRONG ${c.name}: mathjs gives ${got} for "${c.text}", expected ${c.expected}`);
    wrong = true;
  }
}
if (wrong) process.exit(1);

// ns per call of f: batches grow until one takes a tenth of the repetition's time, then run for minTime.
function time(f) {
  let batch = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) f();
    const dt = Number(process.hrtime.bigint() - t0);
    if (dt > minTime / 10 || batch > 1e8) break;
    batch *= 4;
  }
  let calls = 0;
  const t0 = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < minTime) {
    for (let i = 0; i < batch; i++) f();
    calls += batch;
    elapsed = Number(process.hrtime.bigint() - t0);
  }
  return elapsed / calls;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

let sink = 0;
const results = [];
for (const c of cases) {
  const compiled = math.compile(c.text);
  const evaluate = () => { sink += numberOf(math.evaluate(c.text)); };
  const cached = () => { sink += numberOf(compiled.evaluate()); };
  time(evaluate);  // warm-up: let the JIT settle
  time(cached);
  const e = [], k = [];
  for (let r = 0; r < reps; r++) {
    e.push(time(evaluate));
    k.push(time(cached));
  }
  results.push({ name: c.name, evaluate_ns: median(e), compiled_ns: median(k) });
}

const report = { mathjs_version: version, node_version: process.version, rss_kib: Math.round((rssAfter - rssBefore) / 1024),
                 results, sink };
if (json) {
  console.log(JSON.stringify(report));
} else {
  for (const r of results) {
    console.log(`${r.name.padEnd(20)} evaluate ${r.evaluate_ns.toFixed(0).padStart(8)} ns   compiled ${r.compiled_ns.toFixed(0).padStart(8)} ns`);
  }
  console.log(`mathjs ${version} on node ${process.version}: loading it adds ${report.rss_kib} KiB resident`);
}
