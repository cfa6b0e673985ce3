// A small, safe Markdown renderer for rules pages: headings, paragraphs, lists (nested by
// indentation), tables, block quotes, rules, bold, italic, inline code and links.
// Everything is escaped first, so a rules file can never inject markup.

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function inline(text) {
  const codes = [];
  let out = escapeHtml(text).replace(/`([^`]+)`/g, (_, code) => {
    codes.push(code);
    return `\u0000${codes.length - 1}\u0000`;
  });
  out = out
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/__(.+?)__/g, "<strong>$1</strong>")
    .replace(/(^|[^*\w])\*(?!\s)(.+?)\*(?!\w)/g, "$1<em>$2</em>")
    .replace(/(^|[^_\w])_(?!\s)(.+?)_(?!\w)/g, "$1<em>$2</em>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label, href) => {
      const safe = /^(https?:\/\/|\/|#)/.test(href) && !/^javascript:/i.test(href);
      return safe ? `<a href="${href}" target="_blank" rel="noopener">${label}</a>` : label;
    });
  return out.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
}

function splitRow(line) {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|")) row = row.slice(0, -1);
  return row.split("|").map((cell) => cell.trim());
}

const LIST_ITEM = /^(\s*)([-*+•]|\d+[.)])\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function renderList(lines, start) {
  // Items whose indentation is deeper than the first item's form a nested list.
  const first = lines[start].match(LIST_ITEM);
  const indent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const items = [];
  let i = start;
  while (i < lines.length) {
    const m = lines[i].match(LIST_ITEM);
    if (!m) {
      // A continuation line of the previous item.
      if (lines[i].trim() && items.length && /^\s+/.test(lines[i])) {
        items[items.length - 1].text += ` ${lines[i].trim()}`;
        i += 1;
        continue;
      }
      break;
    }
    if (m[1].length < indent) break;
    if (m[1].length > indent && items.length) {
      const [html, next] = renderList(lines, i);
      items[items.length - 1].nested += html;
      i = next;
      continue;
    }
    items.push({ text: m[3], nested: "" });
    i += 1;
  }
  const tag = ordered ? "ol" : "ul";
  const body = items.map((item) => `<li>${inline(item.text)}${item.nested}</li>`).join("");
  return [`<${tag}>${body}</${tag}>`, i];
}

/** Markdown text → an HTML string (safe to assign to innerHTML). */
export function renderMarkdown(source, { headingShift = 1 } = {}) {
  const lines = String(source || "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const out = [];
  let paragraph = [];
  const flush = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(" "))}</p>`);
    paragraph = [];
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      flush();
      i += 1;
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*?)\s*#*\s*$/);
    if (heading) {
      flush();
      // Under a dialog's h2 title a "##" is an h3 (headingShift 1); under a page's h1, an h2.
      const level = Math.min(6, heading[1].length + headingShift);
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
      i += 1;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      out.push("<hr>");
      i += 1;
      continue;
    }
    if (line.includes("|") && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1])) {
      flush();
      const head = splitRow(line);
      const aligns = splitRow(lines[i + 1]).map((cell) =>
        cell.startsWith(":") && cell.endsWith(":") ? "center" : cell.endsWith(":") ? "right" : "",
      );
      i += 2;
      const rows = [];
      while (i < lines.length && lines[i].includes("|") && lines[i].trim()) {
        rows.push(splitRow(lines[i]));
        i += 1;
      }
      // Classes, not style attributes: the Content-Security-Policy allows no inline styles.
      const style = (k) => (aligns[k] ? ` class="align-${aligns[k]}"` : "");
      const thead = `<tr>${head.map((c, k) => `<th scope="col"${style(k)}>${inline(c)}</th>`).join("")}</tr>`;
      const tbody = rows.map((r) => `<tr>${head.map((_, k) => `<td${style(k)}>${inline(r[k] || "")}</td>`).join("")}</tr>`).join("");
      out.push(`<div class="table-wrap"><table><thead>${thead}</thead><tbody>${tbody}</tbody></table></div>`);
      continue;
    }
    if (LIST_ITEM.test(line)) {
      flush();
      const [html, next] = renderList(lines, i);
      out.push(html);
      i = next;
      continue;
    }
    if (/^\s*>/.test(line)) {
      flush();
      const quoted = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) {
        quoted.push(lines[i].replace(/^\s*>\s?/, ""));
        i += 1;
      }
      out.push(`<blockquote>${renderMarkdown(quoted.join("\n"))}</blockquote>`);
      continue;
    }
    paragraph.push(line.trim());
    i += 1;
  }
  flush();
  return out.join("\n");
}
