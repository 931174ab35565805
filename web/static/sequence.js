// The picture of one heap's values, as `heapgame plot` draws a sequence: the Grundy value
// against the heap size, numbered axes, P-positions (value 0) in red, the periodic part that
// heapgame's periodicity finder reports shaded, a line at each period's start, and the
// period named. Built as SVG text from the `sequence` of a `solve` answer (every number in
// it comes from heapgame), shown by the page as an image.

const W = 1000;
const H = 520;
const BOX = { left: 80, right: 780, top: 60, bottom: 450 };
const P_COLOUR = '#b3261e';
const N_COLOUR = '#1f5fa8';
const PERIOD_SHADE = '#fbeccb';
const PERIOD_LINE = '#e69f00';
/** Sequences up to this length get a dot per value (longer ones: a line only). */
const DOTS_UP_TO = 400;
/** The most period boundaries drawn. */
const MOST_BOUNDARIES = 60;

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Round numbers from `lo` to `hi`, at most about ten of them. */
function roundTicks(lo, hi) {
  let step = 1;
  for (let k = 0; (hi - lo) / step > 10; k++) step = [2, 5, 10][k % 3] * 10 ** Math.floor(k / 3);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
  return out;
}

function text(x, y, s, attrs = '') {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="sans-serif" ${attrs}>${esc(s)}</text>`;
}

/** The SVG text of `seq` ({lower, values, period}) for the ruleset `name`. */
export function sequenceSvg(seq, name) {
  const { lower, values, period } = seq;
  const last = lower + Math.max(values.length - 1, 0);
  const top = values.reduce((m, v) => (v != null && v > m ? v : m), 1);
  const x = (n) => BOX.left + ((n - lower + 0.5) / (last - lower + 1)) * (BOX.right - BOX.left);
  const y = (v) => BOX.bottom - ((v + 0.5) / (top + 1.5)) * (BOX.bottom - BOX.top);
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    text(14, 30, name, 'font-size="20"')];
  if (period) {
    const from = Math.max(x(period.start - 0.5), BOX.left);
    if (from < BOX.right) {
      out.push(`<rect x="${from.toFixed(1)}" y="${BOX.top}" width="${(BOX.right - from).toFixed(1)}" height="${BOX.bottom - BOX.top}" fill="${PERIOD_SHADE}"/>`);
      for (let j = 0, at = period.start; j < MOST_BOUNDARIES && at <= last; j++, at += period.period) {
        const px = x(at - 0.5).toFixed(1);
        out.push(`<line x1="${px}" y1="${BOX.top}" x2="${px}" y2="${BOX.bottom}" stroke="${PERIOD_LINE}"/>`);
      }
    }
  }
  out.push(`<rect x="${BOX.left}" y="${BOX.top}" width="${BOX.right - BOX.left}" height="${BOX.bottom - BOX.top}" fill="none" stroke="#888888"/>`);
  for (const n of roundTicks(lower, last)) {
    out.push(`<line x1="${x(n).toFixed(1)}" y1="${BOX.bottom}" x2="${x(n).toFixed(1)}" y2="${BOX.bottom + 6}" stroke="#444444"/>`,
      text(x(n), BOX.bottom + 22, n, 'font-size="14" text-anchor="middle"'));
  }
  for (const v of roundTicks(0, top)) {
    out.push(`<line x1="${BOX.left - 6}" y1="${y(v).toFixed(1)}" x2="${BOX.left}" y2="${y(v).toFixed(1)}" stroke="#444444"/>`,
      text(BOX.left - 10, y(v) + 5, v, 'font-size="14" text-anchor="end"'));
  }
  out.push(text((BOX.left + BOX.right) / 2, BOX.bottom + 50, 'heap size n', 'font-size="16" text-anchor="middle"'),
    text(24, (BOX.top + BOX.bottom) / 2, 'Grundy value g(n)',
      `font-size="16" text-anchor="middle" transform="rotate(-90 24 ${(BOX.top + BOX.bottom) / 2})"`));
  // The values as a line (broken where a position is not allowed), and a dot for each.
  let path = '';
  values.forEach((v, i) => {
    if (v == null) return;
    path += `${path && values[i - 1] != null ? 'L' : 'M'}${x(lower + i).toFixed(1)} ${y(v).toFixed(1)}`;
  });
  out.push(`<path d="${path}" fill="none" stroke="${N_COLOUR}" stroke-opacity="0.5"/>`);
  if (values.length <= DOTS_UP_TO) {
    values.forEach((v, i) => {
      if (v != null) out.push(`<circle cx="${x(lower + i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3.5" fill="${v === 0 ? P_COLOUR : N_COLOUR}"/>`);
    });
  }
  const lx = BOX.right + 20;
  if (period) {
    out.push(`<rect x="${lx}" y="${BOX.top}" width="14" height="14" fill="${PERIOD_SHADE}" stroke="${PERIOD_LINE}"/>`,
      text(lx + 22, BOX.top + 12, `period ${period.period} from n = ${period.start}${period.saltus ? `, saltus ${period.saltus}` : ''}`, 'font-size="14"'));
  } else {
    out.push(text(lx, BOX.top + 12, 'no period found', 'font-size="14"'));
  }
  out.push(`<circle cx="${lx + 7}" cy="${BOX.top + 37}" r="4" fill="${P_COLOUR}"/>`, text(lx + 22, BOX.top + 42, 'P-position (value 0)', 'font-size="14"'));
  out.push('</svg>');
  return out.join('\n');
}
