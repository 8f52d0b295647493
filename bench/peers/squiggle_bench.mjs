// Squiggle (@quri/squiggle-lang) on the programs of dist_programs.tsv (its own spelling, the third column): the
// time of one program run and the 5th, 50th and 95th percentiles it gives, at each sample count asked for.
//
//   node squiggle_bench.mjs [--programs dist_programs.tsv] [--sample-counts 1000,10000] [--runs 20] [--warmup 3]
//
// Per program and sample count: `warmup` untimed runs (the first runs of a program are several times slower while
// the JIT settles), then `runs` timed runs, each with its own seed ("bench-0", "bench-1", ...), plus one run with
// Squiggle's default seed, which is what a user of Squiggle sees. A run is what a user's program costs:
// run(text) (parse, evaluate, sample) and reading the three percentiles off the result. The spread of the
// percentiles over the seeds is Squiggle's own sampling error. Writes JSON on stdout; a program that Squiggle
// refuses gets an "error" instead of figures and the others still run.
import { readFileSync } from 'node:fs';
import { defaultEnvironment, run } from '@quri/squiggle-lang';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const programsPath = option('--programs', new URL('./dist_programs.tsv', import.meta.url).pathname);
const sampleCounts = option('--sample-counts', '1000,10000').split(',').map(Number);
const runs = Number(option('--runs', '20'));
const warmup = Number(option('--warmup', '3'));

// The package exports no version; its package.json sits beside the script in node_modules (here and in the copy
// the build makes in build/bench/peers).
const squiggleVersion = JSON.parse(readFileSync(
  new URL('./node_modules/@quri/squiggle-lang/package.json', import.meta.url), 'utf8')).version;

const programs = readFileSync(programsPath, 'utf8').split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [name, , squiggle] = line.split('\t');
    // "; " separates statements in the table; Squiggle wants them on lines of their own.
    return { name, text: squiggle.split(/\s*;\s*/).join('\n') };
  });

const PERCENTILES = [0.05, 0.5, 0.95];

// One run: the percentiles and the wall time in ms. Throws with Squiggle's message when the program fails.
async function once(text, environment) {
  const t0 = process.hrtime.bigint();
  const output = await run(text, { environment });
  const result = output.result;
  if (!result.ok) throw new Error(result.value.toString());
  const value = result.value.result;
  if (value.tag === 'Number') {
    const x = value.value;
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    return { percentiles: PERCENTILES.map(() => x), ms };
  }
  if (value.tag !== 'Dist') throw new Error(`The result is a ${value.tag}, not a distribution or a number.`);
  // For a sample set, inv is the empirical quantile of the sorted samples (SampleSetDist.inv).
  const percentiles = PERCENTILES.map((p) => {
    const q = value.value.inv(environment, p);
    if (!q.ok) throw new Error(q.value.toString());
    return q.value;
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return { percentiles, ms, kind: value.value.tag };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const asTriple = ([p5, p50, p95]) => ({ p5, p50, p95 });

const results = [];
for (const program of programs) {
  for (const sampleCount of sampleCounts) {
    const entry = { name: program.name, text: program.text, sample_count: sampleCount };
    try {
      const environment = (seed) => ({ ...defaultEnvironment, sampleCount, seed });
      for (let i = 0; i < warmup; i++) await once(program.text, environment(`warmup-${i}`));
      const seeds = [];
      const times = [];
      for (let i = 0; i < runs; i++) {
        const r = await once(program.text, environment(`bench-${i}`));
        seeds.push(asTriple(r.percentiles));
        times.push(r.ms);
      }
      const byDefault = await once(program.text, environment(defaultEnvironment.seed));
      times.push(byDefault.ms);
      Object.assign(entry, {
        kind: byDefault.kind ?? 'Number',
        default_seed: asTriple(byDefault.percentiles),
        seeds,
        times_ms: times,
        median_ms: median(times),
      });
    } catch (error) {
      entry.error = String(error.message ?? error);
    }
    results.push(entry);
  }
}

console.log(JSON.stringify({
  squiggle_version: squiggleVersion,
  node_version: process.version,
  default_sample_count: defaultEnvironment.sampleCount,
  runs,
  warmup,
  results,
}));
