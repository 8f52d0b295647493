// Squiggle (@quri/squiggle-lang) on the programs of dist_programs.tsv (its own spelling, the third column): the
// time of one program run and the 5th, 50th and 95th percentiles it gives, at each sample count asked for.
//
//   node squiggle_bench.mjs [--programs dist_programs.tsv] [--sample-counts 1000,10000] [--runs 20] [--warmup 10]
//
// Per program and sample count: `warmup` untimed runs (the first runs of a program are several times slower while
// the JIT settles), then `runs` timed runs, each with its own seed ("bench-0", "bench-1", ...), then one run with
// Squiggle's default seed, which is what a user of Squiggle sees. A run is what a user's program costs:
// run(text) (parse, evaluate, sample) and reading the three percentiles off the result. Each run's wall time and
// CPU time are kept (on a shared machine the wall time also counts the waits for a core). The spread of the
// percentiles over the seeds is Squiggle's own sampling error. Writes JSON on stdout; a program that Squiggle
// refuses gets an "error" instead of figures and the others still run. The exit status is 1 when a program failed
// or when its default-seed percentiles are far (over 20%) from the table's reference: a sanity check for the
// spellings in the table, not a measure of accuracy (bench_dist_peers.py measures that).
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
const warmup = Number(option('--warmup', '10'));

// The package exports no version; its package.json sits beside the script in node_modules (here and in the copy
// the build makes in build/bench/peers).
const squiggleVersion = JSON.parse(readFileSync(
  new URL('./node_modules/@quri/squiggle-lang/package.json', import.meta.url), 'utf8')).version;

const programs = readFileSync(programsPath, 'utf8').split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [name, , squiggle, p5, p50, p95] = line.split('\t');
    const reference = [p5, p50, p95].every((x) => x !== undefined && x !== '') ? [p5, p50, p95].map(Number) : null;
    // "; " separates statements in the table; Squiggle wants them on lines of their own.
    return { name, text: squiggle.split(/\s*;\s*/).join('\n'), reference };
  });

const PERCENTILES = [0.05, 0.5, 0.95];

// Wall and CPU time since t0 and c0, in ms. On a loaded machine the wall time includes the time the process waited
// for a core; the CPU time (this process's user + system time, GC threads included) does not.
function elapsed(t0, c0) {
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(c0);
  return { ms: wall, cpu_ms: (cpu.user + cpu.system) / 1e3 };
}

// One run: the percentiles and its wall and CPU times in ms. Throws with Squiggle's message when the program fails.
async function once(text, environment) {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const output = await run(text, { environment });
  const result = output.result;
  if (!result.ok) throw new Error(result.value.toString());
  const value = result.value.result;
  if (value.tag === 'Number') {
    const x = value.value;
    return { percentiles: PERCENTILES.map(() => x), ...elapsed(t0, c0) };
  }
  if (value.tag !== 'Dist') throw new Error(`The result is a ${value.tag}, not a distribution or a number.`);
  // For a sample set, inv is the empirical quantile of the sorted samples (SampleSetDist.inv).
  const percentiles = PERCENTILES.map((p) => {
    const q = value.value.inv(environment, p);
    if (!q.ok) throw new Error(q.value.toString());
    return q.value;
  });
  return { percentiles, ...elapsed(t0, c0), kind: value.value.tag };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const asTriple = ([p5, p50, p95]) => ({ p5, p50, p95 });

// The largest distance of three percentiles from the reference: relative to each reference value, or to the width
// of the reference's 90% interval when that interval holds 0, or absolute when the width is 0 too.
function farthest(got, reference) {
  const width = reference[2] - reference[0];
  const holdsZero = reference[0] <= 0 && reference[2] >= 0;
  return Math.max(...got.map((g, i) => Math.abs(g - reference[i]) /
    (holdsZero ? (width > 0 ? width : 1) : Math.abs(reference[i]))));
}

let failed = false;
const results = [];
for (const program of programs) {
  for (const sampleCount of sampleCounts) {
    const entry = { name: program.name, text: program.text, sample_count: sampleCount };
    try {
      const environment = (seed) => ({ ...defaultEnvironment, sampleCount, seed });
      for (let i = 0; i < warmup; i++) await once(program.text, environment(`warmup-${i}`));
      const seeds = [];
      const times = [];
      const cpuTimes = [];
      for (let i = 0; i < runs; i++) {
        const r = await once(program.text, environment(`bench-${i}`));
        seeds.push(asTriple(r.percentiles));
        times.push(r.ms);
        cpuTimes.push(r.cpu_ms);
      }
      const byDefault = await once(program.text, environment(defaultEnvironment.seed));
      times.push(byDefault.ms);
      cpuTimes.push(byDefault.cpu_ms);
      Object.assign(entry, {
        kind: byDefault.kind ?? 'Number',
        default_seed: asTriple(byDefault.percentiles),
        seeds,
        times_ms: times,
        median_ms: median(times),
        cpu_times_ms: cpuTimes,
        median_cpu_ms: median(cpuTimes),
      });
      if (program.reference && !(farthest(byDefault.percentiles, program.reference) <= 0.2)) {
        console.error(`FAR ${program.name} at ${sampleCount} samples: Squiggle gives ${byDefault.percentiles}, ` +
                      `the reference is ${program.reference}`);
        failed = true;
      }
    } catch (error) {
      entry.error = String(error.message ?? error);
      console.error(`FAILED ${program.name} at ${sampleCount} samples: ${entry.error}`);
      failed = true;
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
if (failed) process.exitCode = 1;
