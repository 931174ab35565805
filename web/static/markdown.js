// A small Markdown renderer for the language reference (docs/language.md): headings,
// fenced code, lists, tables, quotes, paragraphs, inline code, emphasis and links. Text is
// escaped first, so the page never runs anything from the document.

import { escapeHtml } from './view.js';

function slug(text) {
  return text.toLowerCase().replace(/<[^>]*>/g, '').replace(/[^a-z0-9 -]/g, '').trim().replace(/ /g, '-');
}

/** Inline code and emphasis (no links). */
function spans(s) {
  return s.split(/(`[^`]*`)/).map((p) => {
    if (p.startsWith('`') && p.endsWith('`') && p.length > 1) return `<code>${escapeHtml(p.slice(1, -1))}</code>`;
    return escapeHtml(p)
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
      .replace(/\*([^*]+)\*/g, '<em>$1</em>');
  }).join('');
}

/** A line's inline markup: links within the document stay links, others become their text. */
function inline(s) {
  const link = /\[([^\]]+)\]\(([^)]*)\)/g;
  let out = '';
  let at = 0;
  let m;
  while ((m = link.exec(s))) {
    out += spans(s.slice(at, m.index));
    const label = spans(m[1]);
    out += m[2].startsWith('#') ? `<a href="${escapeHtml(m[2])}">${label}</a>` : label;
    at = m.index + m[0].length;
  }
  return out + spans(s.slice(at));
}

/** A Markdown table (`| a | b |` rows, the second `|---|---|`) as an HTML table. */
function table(rows) {
  const cells = (row) => row.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((c) => inline(c.trim().replace(/\\\|/g, '|')));
  const rule = (row) => /^\|[\s:|-]+\|?$/.test(row.trim());
  const head = rows.length > 1 && rule(rows[1]) ? cells(rows[0]) : null;
  const body = (head ? rows.slice(2) : rows).filter((r) => !rule(r)).map(cells);
  const tr = (cs, tag) => `<tr>${cs.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
  return `<div class="table"><table>${head ? `<thead>${tr(head, 'th')}</thead>` : ''}` +
    `<tbody>${body.map((cs) => tr(cs, 'td')).join('')}</tbody></table></div>`;
}

export function renderMarkdown(md) {
  const out = [];
  const lines = md.split('\n');
  let para = [];
  let list = null;
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`);
    para = [];
    if (list) out.push(`</${list}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('```')) {
      flush();
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) code.push(lines[i]);
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
    } else if (/^#{1,6} /.test(line)) {
      flush();
      const level = line.match(/^#+/)[0].length;
      const text = inline(line.slice(level + 1));
      out.push(`<h${level + 1} id="${slug(text)}">${text}</h${level + 1}>`);
    } else if (/^\s*([-*]|\d+\.) /.test(line)) {
      if (para.length) { out.push(`<p>${inline(para.join(' '))}</p>`); para = []; }
      const kind = /^\s*\d+\./.test(line) ? 'ol' : 'ul';
      if (list !== kind) { if (list) out.push(`</${list}>`); out.push(`<${kind}>`); list = kind; }
      out.push(`<li>${inline(line.replace(/^\s*([-*]|\d+\.) /, ''))}</li>`);
    } else if (line.startsWith('|')) {
      flush();
      const rows = [];
      for (; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i]);
      i--;
      out.push(table(rows));
    } else if (/^> ?/.test(line)) {
      flush();
      const quote = [];
      for (; i < lines.length && /^> ?/.test(lines[i]); i++) quote.push(lines[i].replace(/^> ?/, '').trim());
      i--;
      const paras = quote.join('\n').split(/\n{2,}/).map((q) => `<p>${inline(q.replace(/\n/g, ' '))}</p>`);
      out.push(`<blockquote>${paras.join('')}</blockquote>`);
    } else if (line.trim() === '' || line.trim() === '---') {
      flush();
    } else if (list && /^\s+\S/.test(line)) {
      out[out.length - 1] = out[out.length - 1].replace(/<\/li>$/, ` ${inline(line.trim())}</li>`);
    } else {
      if (list) { out.push(`</${list}>`); list = null; }
      para.push(line.trim());
    }
  }
  flush();
  return out.join('\n');
}
