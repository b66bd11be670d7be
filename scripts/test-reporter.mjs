// The test reporter `npm test` uses: a dot per passing test, each failure in full as it
// happens, every skipped test with its reason, and one summary line at the end, so a run is
// a few dozen lines instead of thousands. `npm run test:tap` gives node's full TAP instead.

const dotsPerLine = 80;
// Node's own end-of-run counts, which the summary line replaces.
const END_OF_RUN = /^(?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /;

export default async function* compact(source) {
  let dots = 0;
  const skipped = [];
  const failed = [];
  let passed = 0;
  const started = Date.now();
  const dot = (mark) => {
    dots++;
    return dots % dotsPerLine === 0 ? `${mark}\n` : mark;
  };
  for await (const event of source) {
    if (event.type === "test:pass") {
      if (event.data.details?.type === "suite") continue;
      if (event.data.skip !== undefined && event.data.skip !== false) {
        skipped.push({ name: event.data.name, file: event.data.file, reason: event.data.skip });
        yield dot("s");
      } else {
        passed++;
        yield dot(".");
      }
    } else if (event.type === "test:fail") {
      if (event.data.details?.type === "suite") continue;
      const error = event.data.details?.error;
      const cause = error?.cause ?? error;
      const text = cause?.stack ?? cause?.message ?? String(cause);
      failed.push(event.data.name);
      yield `\n\nnot ok: ${event.data.name}\n  ${event.data.file ?? ""}\n${String(text).replace(/^/gm, "  ")}\n\n`;
    } else if (event.type === "test:diagnostic" && !END_OF_RUN.test(event.data.message)) {
      yield `\n# ${event.data.message}\n`;
    }
  }
  let out = dots % dotsPerLine === 0 ? "" : "\n";
  for (const skip of skipped) out += `skipped: ${skip.name} (${skip.file ?? ""}): ${skip.reason === true ? "no reason given" : skip.reason}\n`;
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  out += `\n${passed} passed, ${failed.length} failed, ${skipped.length} skipped, in ${seconds} s\n`;
  for (const name of failed) out += `  failed: ${name}\n`;
  yield out;
}
