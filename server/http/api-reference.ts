import type { oas31 } from 'zod-openapi';
import { escapeHtml as esc } from '../html/escape';

/**
 * The API reference as one HTML page, made on the server from the OpenAPI document: every
 * operation by area with its parameters, body and answers, then the named schemas. No script at
 * all, so it reads the same offline, without JavaScript, and under the site's strict
 * Content-Security-Policy (docs/decisions.md, "The reference page is ours").
 */

type Schema = oas31.SchemaObject | oas31.ReferenceObject;

const isRef = (s: unknown): s is oas31.ReferenceObject => typeof s === 'object' && s !== null && '$ref' in s;
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
const schemaAnchor = (name: string) => `schema-${name}`;
const literal = (v: unknown) => `<code>${esc(JSON.stringify(v))}</code>`;
const METHODS = ['get', 'post', 'delete'] as const;

/** A schema's type in a few words, with named schemas as links. */
function typeOf(s: Schema | undefined): string {
  if (!s) return 'anything';
  if (isRef(s)) return `<a href="#${schemaAnchor(refName(s.$ref))}">${esc(refName(s.$ref))}</a>`;
  if (s.const !== undefined) return literal(s.const);
  if (s.enum) return s.enum.map(literal).join(' | ');
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map(typeOf).join(' | ');
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  return (
    types
      .map((t) => {
        if (t === 'array') return s.prefixItems ? `[${s.prefixItems.map(typeOf).join(', ')}]` : `array of ${typeOf(s.items)}`;
        if (t === 'object' && !s.properties) return 'object (any keys)';
        if (t === 'string' && s.format) return `string (${esc(s.format)})`;
        return esc(t);
      })
      .join(' | ') || 'anything'
  );
}

/** Description and bounds of a schema, as words. */
function notes(s: Schema): string {
  if (isRef(s)) return '';
  const said: string[] = [];
  if (s.description) said.push(esc(s.description));
  if (s.minLength !== undefined) said.push(s.minLength === 1 ? 'not empty' : `at least ${s.minLength} characters`);
  if (s.maxLength !== undefined) said.push(`at most ${s.maxLength} characters`);
  if (typeof s.exclusiveMinimum === 'number') said.push(`more than ${s.exclusiveMinimum}`);
  if (s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER) said.push(`at least ${s.minimum}`);
  if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) said.push(`at most ${s.maximum}`);
  if (s.maxItems !== undefined) said.push(`at most ${s.maxItems} items`);
  if (s.pattern) said.push(`matching <code>${esc(s.pattern)}</code>`);
  if (s.default !== undefined) said.push(`default ${literal(s.default)}`);
  return said.join('; ');
}

/** The fields of an object schema (and of the objects inside it), as nested lists. */
function fields(s: Schema | undefined, depth = 0): string {
  if (!s || isRef(s) || depth > 8) return '';
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.some((a) => !isRef(a) && (a.properties || a.anyOf))) {
    return `<p>One of:</p><ol class="alternatives">${alternatives.map((a) => `<li>${typeOf(a)}${fields(a, depth + 1)}</li>`).join('')}</ol>`;
  }
  if (s.items && !Array.isArray(s.items)) return fields(s.items, depth + 1);
  if (!s.properties) return '';
  const required = new Set(s.required ?? []);
  const rows = Object.entries(s.properties).map(([name, field]) => {
    const words = notes(field);
    return `<li><code class="field">${esc(name)}</code> <span class="type">${typeOf(field)}</span>${required.has(name) ? ' <em>required</em>' : ''}${words ? ` — ${words}` : ''}${fields(field, depth + 1)}</li>`;
  });
  return `<ul class="fields">${rows.join('')}</ul>`;
}

const schemaBlock = (s: Schema | undefined) => `<p class="type">${typeOf(s)}</p>${fields(s)}`;

function parametersTable(parameters: oas31.ParameterObject[]): string {
  if (!parameters.length) return '';
  const rows = parameters.map(
    (p) =>
      `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.schema ? typeOf(p.schema) : ''}</td><td>${p.required ? 'yes' : 'no'}</td><td>${p.schema ? notes(p.schema) : ''}</td></tr>`,
  );
  return `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>type</th><th>required</th><th>notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function contentBlock(content: oas31.ContentObject | undefined): string {
  if (!content) return '';
  const types = Object.keys(content);
  return `<p class="content-types">${types.map((t) => `<code>${esc(t)}</code>`).join(', ')}</p>${schemaBlock(content[types[0]]?.schema)}`;
}

const paragraphs = (text: string | undefined) =>
  (text ?? '')
    .split('\n\n')
    .filter(Boolean)
    .map((p) => `<p>${esc(p)}</p>`)
    .join('');

function operationBlock(path: string, method: string, op: oas31.OperationObject): string {
  const id = op.operationId ?? `${method}-${path}`;
  const body = op.requestBody && !isRef(op.requestBody) ? op.requestBody : undefined;
  const answers = Object.entries(op.responses ?? {}).map(([status, r]) => {
    const response = r as oas31.ResponseObject;
    return `<dt>${esc(status)}</dt><dd>${paragraphs(response.description)}${contentBlock(response.content)}</dd>`;
  });
  return [
    `<article class="operation" id="${esc(id)}">`,
    `<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>`,
    `<p class="summary">${esc(op.summary ?? '')}</p>`,
    paragraphs(op.description),
    parametersTable((op.parameters ?? []).filter((p): p is oas31.ParameterObject => !isRef(p))),
    body ? `<h4>Body</h4>${paragraphs(body.description)}${contentBlock(body.content)}` : '',
    `<h4>Answers</h4><dl class="answers">${answers.join('')}</dl>`,
    '</article>',
  ].join('');
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d2125;background:#fff}
header,main,nav{max-width:64rem;margin:0 auto;padding:0 1.25rem}
header{padding-top:1.5rem;border-bottom:1px solid #dee2e6}
h1{margin:.2rem 0}h1 small{font-size:1rem;color:#6c757d;font-weight:normal}
h2{margin-top:2.5rem;border-bottom:2px solid #dee2e6;padding-bottom:.3rem;text-transform:capitalize}
h3{font-size:1.1rem;margin:0 0 .3rem}h4{margin:1rem 0 .3rem;font-size:.95rem}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f1f3f5;padding:0 .25rem;border-radius:3px}
a{color:#0b5ed7}
.operation{border:1px solid #dee2e6;border-radius:6px;padding:1rem 1.25rem;margin:1rem 0}
.method{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem;margin-right:.4rem}
.get{background:#198754}.post{background:#0d6efd}.delete{background:#dc3545}
.summary{font-weight:600}.type{color:#6f42c1}
.fields{margin:.2rem 0;padding-left:1.2rem}.fields li{margin:.15rem 0}
em{color:#b02a37;font-style:normal;font-size:.85rem}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border:1px solid #dee2e6;padding:.25rem .5rem;text-align:left;vertical-align:top}
dl.answers dt{font-weight:700;margin-top:.6rem}dl.answers dd{margin-left:1.2rem}
nav ul{columns:2;padding-left:1.2rem}nav li{break-inside:avoid}
`;

/** The whole page for a document; `documentUrl` is where the document itself is served. */
export function referencePage(doc: oas31.OpenAPIObject, documentUrl: string): string {
  const byTag = new Map<string, string[]>();
  const index = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationBlock(path, method, op)]);
      const link = `<li><a href="#${esc(op.operationId ?? '')}"><span class="method ${method}">${method.toUpperCase()}</span><code>${esc(path)}</code></a> ${esc(op.summary ?? '')}</li>`;
      index.set(tag, [...(index.get(tag) ?? []), link]);
    }
  }
  const tags = doc.tags ?? [...byTag.keys()].map((name) => ({ name, description: '' }));
  const schemas = Object.entries(doc.components?.schemas ?? {}).map(
    ([name, s]) => `<article class="operation" id="${schemaAnchor(esc(name))}"><h3>${esc(name)}</h3>${schemaBlock(s)}</article>`,
  );
  const base = doc.servers?.[0]?.url ?? '';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(doc.info.title)} reference</title><style>${STYLE}</style></head><body>`,
    `<header><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)} · OpenAPI ${esc(doc.openapi)}</small></h1>`,
    paragraphs(doc.info.description),
    `<p>Paths below are relative to <code>${esc(base)}</code>. The document this page is made from: <a href="${esc(documentUrl)}">${esc(documentUrl)}</a>.</p></header>`,
    `<nav>${tags.map((t) => (index.has(t.name) ? `<h2>${esc(t.name)}</h2><ul>${(index.get(t.name) ?? []).join('')}</ul>` : '')).join('')}</nav>`,
    '<main>',
    tags
      .map(
        (t) =>
          `<section id="area-${esc(t.name)}"><h2>${esc(t.name)}</h2>${paragraphs(t.description)}${(byTag.get(t.name) ?? []).join('')}</section>`,
      )
      .join(''),
    `<section id="schemas"><h2>Schemas</h2>${schemas.join('')}</section>`,
    '</main></body></html>',
  ].join('\n');
}
