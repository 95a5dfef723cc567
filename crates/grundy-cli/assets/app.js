// Grundy Lab: the page `grundy serve` embeds. Plain JavaScript, no build
// step, no framework: one module that renders the view named by the URL's
// hash (`#/explore?game=kayles`) from the JSON API (`/api/...`), so every
// view is a link. Every API error is shown in the view as a message.

const VIEWS = ["explore", "explain", "play", "script", "census"];
const BOARD_GAMES = ["cram", "chomp", "node-kayles"];

// ---------------------------------------------------------------------------
// Small helpers: DOM building, the URL state, the API.

/** Builds an element: `h("p", {class: "x"}, "text", child)`. */
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** The view and its parameters, read from `location.hash`. */
function route() {
  const hash = location.hash.replace(/^#\/?/, "");
  const [name, query] = hash.split("?", 2);
  const view = VIEWS.includes(name) ? name : "explore";
  return { view, params: new URLSearchParams(query || "") };
}

/** Moves to a view with these parameters (a new history entry). */
function go(view, params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, v);
  }
  const text = query.toString();
  const next = `#/${view}${text ? "?" + text : ""}`;
  if (location.hash === next) render();
  else location.hash = next;
}

/** An error the API answered with (`{"error", "kind"}` and a status). */
class ApiError extends Error {
  constructor(status, message, kind) {
    super(message);
    this.status = status;
    this.kind = kind;
  }
}

/**
 * Calls `/api/<endpoint>` with these query parameters (arrays repeat the
 * key). With a `source` ({name, text}: a pasted script or TOML file) the
 * call is the POST form, `game=script:NAME` (`toml:NAME` for a `.toml`)
 * and the text as the body.
 * Resolves to the JSON (or the text for `plot`); rejects with an ApiError.
 */
async function api(endpoint, params, source, asText) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params || {})) {
    if (value === null || value === undefined || value === "") continue;
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, v);
  }
  const init = { headers: { Accept: "application/json" } };
  if (source) {
    query.set("game", `${source.name.endsWith(".toml") ? "toml" : "script"}:${source.name}`);
    init.method = "POST";
    init.body = source.text;
    init.headers["Content-Type"] = "text/plain; charset=utf-8";
  }
  let response;
  try {
    response = await fetch(`/api/${endpoint}?${query}`, init);
  } catch (e) {
    throw new ApiError(0, "the grundy server did not answer (is `grundy serve` still running?)", "Network");
  }
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    let kind = null;
    try {
      const body = await response.json();
      if (body && body.error) { message = body.error; kind = body.kind || null; }
    } catch (e) { /* not JSON: keep the status line */ }
    throw new ApiError(response.status, message, kind);
  }
  return asText ? response.text() : response.json();
}

/** A clear message for a failed call, never a blank. */
function errorBox(err, what) {
  const status = err instanceof ApiError ? err.status : 0;
  let lead = "Error";
  if (status === 400) lead = "Bad input";
  else if (status === 404) lead = "Not found";
  else if (status === 413) lead = "Too big";
  else if (status === 422) lead = "Too large to compute";
  else if (status === 503) lead = "Server busy or out of time";
  else if (status === 0) lead = "No answer";
  return h("div", { class: "error", role: "alert" },
    h("strong", {}, what ? `${lead} (${what}): ` : `${lead}: `),
    h("span", { class: "error-text" }, err.message || String(err)));
}

/** A section with a heading whose body is filled in later. */
function section(id, title) {
  const body = h("div", { class: "section-body" }, h("p", { class: "loading" }, "Computing…"));
  const el = h("section", { id, class: "card", "aria-labelledby": `${id}-h` },
    h("h2", { id: `${id}-h` }, title), body);
  return { el, body };
}

/** Fills a section body from a promise: the result's rendering or the error. */
async function fill(body, promise, renderFn, what) {
  try {
    const result = await promise;
    body.replaceChildren(renderFn(result));
  } catch (err) {
    body.replaceChildren(errorBox(err, what));
  }
}

/** A light background colour for a value (0, the P-positions, is white). */
function valueColour(v) {
  if (v === 0) return "#ffffff";
  const hue = (v * 47 + 200) % 360;
  return `hsl(${hue}, 70%, 84%)`;
}

/** Splits a positions box into positions: spaces separate them. */
function splitPositions(text) {
  return text.trim().split(/\s+/).filter((s) => s.length > 0);
}

/** The family name of a game string (`sub:1,3,4` is `sub`, `0.07` is octal). */
function family(game) {
  if (/^[0-9]*\.[0-9]+r?$/.test(game) || game.startsWith("octal:")) return "octal";
  return game.split(":")[0];
}

// ---------------------------------------------------------------------------
// The game box: a text input with completion from /api/games.

let gamesPromise = null;
function games() {
  if (!gamesPromise) gamesPromise = api("games").catch((e) => { gamesPromise = null; throw e; });
  return gamesPromise;
}

/** The game input, its datalist and a line describing the family. */
function gameBox(id, value) {
  const listId = `${id}-list`;
  const input = h("input", { id, name: "game", list: listId, value: value || "", required: true,
    autocomplete: "off", spellcheck: "false", placeholder: "kayles, 0.07, sub:1,3,4, wythoff, cram…" });
  const list = h("datalist", { id: listId });
  const about = h("p", { class: "hint about", id: `${id}-about`, "aria-live": "polite" });
  const describe = (all) => {
    const fam = family(input.value.trim());
    const entry = all.find((g) => g.name === fam);
    about.textContent = entry ? `${entry.about}. Positions: ${entry.position}. Example: ${entry.example}` : "";
  };
  games().then((data) => {
    const seen = new Set();
    for (const g of data.games) {
      for (const form of [g.name, ...g.syntax.split("|").map((s) => s.trim()), g.example.split(" ")[0]]) {
        if (!form || seen.has(form)) continue;
        seen.add(form);
        list.append(h("option", { value: form }, g.about));
      }
    }
    describe(data.games);
    input.addEventListener("input", () => describe(data.games));
  }).catch(() => { about.textContent = "(the list of games could not be loaded)"; });
  input.setAttribute("aria-describedby", about.id);
  const wrap = h("div", { class: "field" }, h("label", { for: id }, "Game"), input, list);
  return { wrap, input, about };
}

// ---------------------------------------------------------------------------
// Explore: the value table, the plot, the period and its proof, the pattern.

function renderExplore(view, params) {
  const game = params.get("game") || "";
  const from = params.get("from") || "0";
  const to = params.get("to") || "99";
  const box = gameBox("explore-game", game);
  const fromIn = h("input", { id: "explore-from", type: "number", min: 0, value: from });
  const toIn = h("input", { id: "explore-to", type: "number", min: 0, value: to });
  const form = h("form", { class: "controls", onsubmit: (e) => {
    e.preventDefault();
    go("explore", { game: box.input.value.trim(), from: fromIn.value === "0" ? "" : fromIn.value, to: toIn.value });
  } }, box.wrap,
  h("div", { class: "field small" }, h("label", { for: "explore-from" }, "From"), fromIn),
  h("div", { class: "field small" }, h("label", { for: "explore-to" }, "To"), toIn),
  h("button", { type: "submit", id: "explore-go" }, "Explore"), box.about);
  view.append(h("h1", {}, "Explore a game"), form);
  if (!game) {
    view.append(h("p", { class: "hint" }, "Type a game (try ", exampleLink("kayles"), ", ",
      exampleLink("0.07"), ", ", exampleLink("sub:1,3,4"), " or ", exampleLink("wythoff"),
      ") to see its values, their plot, the period with its proof and the rules that describe it."));
    return;
  }
  const fromQ = from === "0" ? null : from;
  const values = section("values", "Values");
  const plot = section("plot", "Plot");
  const period = section("period", "Period");
  const pattern = section("pattern", "Pattern");
  view.append(h("div", { class: "columns" }, values.el, h("div", {}, period.el, pattern.el)), plot.el);
  fill(values.body, api("values", { game, from: fromQ, to }), (d) => valueTable(d, game), "values");
  fill(plot.body, api("plot", { game, from: fromQ, to }, null, true), svgNode, "plot");
  fill(period.body, api("period", { game }), periodView, "period");
  fill(pattern.body, api("pattern", { game }), patternView, "pattern");
}

function exampleLink(game) {
  return h("a", { href: `#/explore?game=${encodeURIComponent(game)}` }, h("code", {}, game));
}

/** The table of `/api/values`: rows of ten heaps, or a grid for pairs. */
function valueTable(data, game) {
  const values = data.values;
  const out = h("div", {});
  if (values.length && Array.isArray(values[0])) {
    out.append(h("p", {}, `G(a,b) for a, b in ${data.from}..=${data.to} (row a, column b). `,
      "P-positions (value 0) are marked ", h("span", { class: "pmark" }, "P"), "."));
    const head = h("tr", {}, h("th", { scope: "col" }, "a \\ b"),
      values[0].map((_, j) => h("th", { scope: "col" }, data.from + j)));
    const rows = values.map((row, i) => h("tr", {}, h("th", { scope: "row" }, data.from + i),
      row.map((v, j) => valueCell(v, `G(${data.from + i},${data.from + j}) = ${v}`,
        { a: data.from + i, b: data.from + j }))));
    out.append(h("div", { class: "scroll" }, h("table", { class: "values pairs", id: "values-table" },
      h("thead", {}, head), h("tbody", {}, rows))));
    return out;
  }
  const start = data.from - (data.from % 10);
  const head = h("tr", {}, h("th", { scope: "col" }, "n"),
    [...Array(10).keys()].map((j) => h("th", { scope: "col" }, `+${j}`)));
  const rows = [];
  for (let base = start; base <= data.to; base += 10) {
    const cells = [];
    for (let j = 0; j < 10; j++) {
      const n = base + j;
      if (n < data.from || n > data.to) cells.push(h("td", { class: "empty" }));
      else {
        const v = values[n - data.from];
        cells.push(valueCell(v, `G(${n}) = ${v}`, { n }));
      }
    }
    rows.push(h("tr", {}, h("th", { scope: "row" }, base), cells));
  }
  out.append(h("div", { class: "scroll" }, h("table", { class: "values", id: "values-table" },
    h("caption", {}, `${game}: nim-values, P-positions (value 0) marked `, h("span", { class: "pmark" }, "P")),
    h("thead", {}, head), h("tbody", {}, rows))));
  out.append(h("details", { class: "sequence", id: "values-line" }, h("summary", {}, "as text"),
    h("code", {}, `${data.game}: G(${data.from}..=${data.to})`), h("br"),
    h("code", { id: "values-seq" }, values.join(" "))));
  return out;
}

function valueCell(v, title, data) {
  const cls = v === 0 ? "value p" : "value";
  return h("td", { class: cls, title, style: `background:${valueColour(v)}`, dataset: { value: v, ...data } },
    String(v));
}

/** Parses the plot's SVG and keeps only drawing elements (no scripts). */
function svgNode(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  if (!svg || svg.nodeName.toLowerCase() !== "svg") {
    return h("p", { class: "error" }, "the plot could not be read");
  }
  for (const bad of svg.querySelectorAll("script, foreignObject, iframe")) bad.remove();
  for (const el of [svg, ...svg.querySelectorAll("*")]) {
    for (const attr of [...el.attributes]) {
      if (/^on/i.test(attr.name) || /javascript:/i.test(attr.value)) el.removeAttribute(attr.name);
    }
  }
  const node = document.importNode(svg, true);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", "plot of the values");
  node.classList.add("plot");
  return h("div", { class: "plot-wrap" }, node);
}

function periodView(d) {
  const out = h("div", { id: "period-result" });
  if (d.periodic) {
    out.append(h("p", { class: "big" },
      `Period ${d.period}`, d.saltus ? `, saltus ${d.saltus}` : "", ` from n = ${d.preperiod}`,
      " ", h("span", { class: d.certified ? "badge ok" : "badge" }, d.certified ? "proven" : "not proven")));
  } else {
    out.append(h("p", { class: "big" }, `No period found (checked to ${d.checked_to ?? "?"})`));
  }
  if (d.proof) out.append(h("p", {}, h("strong", {}, "Proof: "), d.proof));
  if (d.checked_to !== undefined && d.periodic) out.append(h("p", { class: "hint" }, `values checked to ${d.checked_to}`));
  return out;
}

function patternView(d) {
  const findings = d.findings || [];
  if (!findings.length) return h("p", {}, `No rule found (checked to ${d.checked_to}).`);
  return h("ul", { class: "findings", id: "pattern-findings" }, findings.map((f) => h("li", {},
    h("p", {}, h("span", { class: "tag" }, f.of === "p_positions" ? "P-positions" : f.of), " ",
      h("strong", {}, f.rule), " ",
      h("span", { class: f.proven ? "badge ok" : "badge" }, f.proven ? "proven" : "observed"),
      f.name ? ` (${f.name})` : ""),
    f.proof ? h("p", { class: "proof" }, f.proof) : null,
    (f.details || []).length ? h("details", {}, h("summary", {}, "details"),
      h("pre", {}, f.details.join("\n"))) : null)));
}

// ---------------------------------------------------------------------------
// Explain: the derivation of one position or a sum, in English or Chinese.

const TEXT = {
  en: { title: "Explain a position", positions: "Positions", lang: "Language", go: "Explain",
    derivation: "Derivation", bouton: "Binary columns (Bouton)", component: "component", value: "value",
    xor: "XOR", moves: "Winning moves", none: "none: this is a P-position, every move loses",
    outcome: "Outcome", nwin: "N: the player to move wins", pwin: "P: the previous player wins",
    options: "options and their values", mex: "mex", shown: "shown", period: "Period",
    periodIs: "period", proven: "proven", observed: "observed", words: "The derivation in words",
    sameAs: "the same position as", noOptions: "no option: a terminal position, value 0 (mex of nothing)",
    missing: "no option has this value", inAll: "in all",
    boutonRule: "Bouton: move in a component whose value has the highest bit of the XOR ({b}) set, to its value XOR the total.",
    zeroRule: "The XOR is 0: a P-position, every move leaves a non-zero XOR." },
  zh: { title: "讲解一个局面", positions: "局面", lang: "语言", go: "讲解",
    derivation: "推导", bouton: "二进制列（Bouton 定理）", component: "分量", value: "SG 值",
    xor: "异或", moves: "必胜走法", none: "无：这是必败态（P 态），任何走法都会输",
    outcome: "结果", nwin: "N 态：先手必胜", pwin: "P 态：后手必胜",
    options: "后继局面及其 SG 值", mex: "mex", shown: "已列出", period: "周期",
    periodIs: "周期", proven: "已证明", observed: "观察到", words: "文字推导",
    sameAs: "与此局面相同：", noOptions: "没有后继：终止局面，SG 值为 0（空集的 mex）",
    missing: "没有后继取到这个值", inAll: "共计",
    boutonRule: "Bouton：在 SG 值含有异或结果最高位（{b}）的分量上走，把它变为它的值异或总值。",
    zeroRule: "异或为 0：这是 P 态，任何走法都会让异或变为非 0。" },
};

function renderExplain(view, params) {
  const game = params.get("game") || "";
  const positions = params.getAll("p");
  const lang = params.get("lang") === "zh" ? "zh" : "en";
  const t = TEXT[lang];
  const box = gameBox("explain-game", game);
  const posIn = h("input", { id: "explain-positions", value: positions.join(" "), placeholder: "3 4 5",
    spellcheck: "false", required: true });
  const langSel = h("select", { id: "explain-lang" },
    h("option", { value: "en", selected: lang === "en" }, "English"),
    h("option", { value: "zh", selected: lang === "zh" }, "中文"));
  const submit = () => go("explain", { game: box.input.value.trim(), p: splitPositions(posIn.value),
    lang: langSel.value === "zh" ? "zh" : null });
  langSel.addEventListener("change", () => { if (game && positions.length) submit(); });
  const form = h("form", { class: "controls", onsubmit: (e) => { e.preventDefault(); submit(); } },
    box.wrap,
    h("div", { class: "field" }, h("label", { for: "explain-positions" }, t.positions), posIn),
    h("div", { class: "field small" }, h("label", { for: "explain-lang" }, t.lang), langSel),
    h("button", { type: "submit", id: "explain-go" }, t.go), box.about);
  view.append(h("h1", { lang }, t.title), form);
  if (!game || !positions.length) {
    view.append(h("p", { class: "hint" }, "Try ",
      h("a", { href: "#/explain?game=nim&p=3&p=4&p=5" }, h("code", {}, "nim 3 4 5")), ", ",
      h("a", { href: "#/explain?game=sub:1,3,4&p=7&lang=zh" }, h("code", {}, "sub:1,3,4 7"), " (中文)"), " or ",
      h("a", { href: "#/explain?game=kayles&p=2&p=5" }, h("code", {}, "kayles 2 5")), "."));
    return;
  }
  const derivation = section("explain", t.derivation);
  const bouton = section("bouton", t.bouton);
  const moves = section("winning", t.moves);
  for (const part of [derivation, bouton, moves]) part.el.setAttribute("lang", lang);
  view.append(h("div", { class: positions.length > 1 ? "columns even" : "" },
    positions.length > 1 ? bouton.el : null, moves.el), derivation.el);
  const explained = api("explain", { game, position: positions, lang });
  fill(derivation.body, explained, (d) => explainView(d, t), "explain");
  // The sum's columns and winning moves come from the explanation; where it
  // cannot be had (an error), from `analyze`, one call per component.
  const analyzed = explained.catch(() => null).then(async (d) => {
    if (d && d.sum && Array.isArray(d.sum.values)) return d;
    const all = await api("analyze", { game, position: positions });
    const each = positions.length > 1
      ? await Promise.all(positions.map((p) => api("analyze", { game, position: [p] }))) : [all];
    return { sum: { values: each.map((x) => x.value), value: all.value, outcome: all.outcome,
      winning_moves: all.winning_moves, winning_moves_total: all.winning_moves_total } };
  });
  fill(moves.body, analyzed, (d) => winningView(d.sum, t), "analyze");
  if (positions.length > 1) {
    fill(bouton.body, analyzed, (d) => boutonTable(positions, d.sum.values, d.sum.highest_bit, t), "values");
  }
}

/**
 * The explanation: per component its options with their values and the
 * mex step by step, the period's proof, then the derivation in words
 * (`lines`, in the chosen language). Only `lines` is needed: the rest is
 * drawn when the JSON has it.
 */
function explainView(d, t) {
  const out = h("div", { id: "explain-result" });
  for (const [i, c] of (Array.isArray(d.components) ? d.components : []).entries()) {
    out.append(componentExplained(c, i, d.components, t));
  }
  if (d.period && d.period.proof) {
    out.append(h("div", { class: "period-note" }, h("h3", {}, t.period),
      h("p", {}, `${t.periodIs} ${d.period.period}${d.period.saltus ? ` (saltus ${d.period.saltus})` : ""}, `,
        `n ≥ ${d.period.preperiod} `, h("span", { class: d.period.certified ? "badge ok" : "badge" },
          d.period.certified ? t.proven : t.observed)),
      h("p", { class: "proof" }, d.period.proof)));
  }
  const lines = Array.isArray(d.lines) ? d.lines : (typeof d.text === "string" ? d.text.split("\n") : null);
  if (lines) {
    out.append(h("details", { class: "words", open: !(d.components || []).length },
      h("summary", {}, t.words), h("pre", { class: "derivation", id: "explain-lines" }, lines.join("\n"))));
  }
  if (!out.childNodes.length) out.append(h("pre", { class: "derivation" }, JSON.stringify(d, null, 2)));
  return out;
}

/** One component: its options (chips coloured by value) and the mex walk 0, 1, ... */
function componentExplained(c, i, all, t) {
  const box = h("div", { class: "explained", dataset: { component: i } },
    h("h3", {}, `G(${c.position}) = ${c.value}`));
  if (c.same_as !== null && c.same_as !== undefined) {
    box.append(h("p", { class: "hint" }, `${t.sameAs} ${all[c.same_as].position}`));
    return box;
  }
  const o = c.options;
  if (!o) return box;
  const listed = o.listed || [];
  if (!listed.length) {
    box.append(h("p", {}, t.noOptions));
  } else {
    box.append(h("p", { class: "hint" }, `${t.options} (${o.total}${o.complete ? "" : `, ${listed.length} ${t.shown}`})`),
      h("ul", { class: "option-chips" }, listed.map((x, k) => h("li", { class: "chip",
        style: `background:${valueColour(x.value)}`, dataset: { option: k } },
      h("code", {}, x.to.length ? x.to.join(" + ") : "∅"), " → ",
      x.parts && x.parts.length > 1 ? `${x.parts.join(" ⊕ ")} = ` : "", h("strong", {}, String(x.value))))));
  }
  if (Array.isArray(o.mex) && o.mex.length) {
    box.append(h("p", { class: "mex" }, h("span", { class: "hint" }, `${t.mex}: `), o.mex.map((step) => {
      const found = step.option !== null && step.option !== undefined;
      const via = found ? listed[step.option] : null;
      return h("span", { class: found ? "mexstep found" : "mexstep missing",
        title: found ? `${step.value}: ${via ? via.to.join(" + ") || "∅" : ""}` : `${step.value}: ${t.missing}` },
      `${step.value} ${found ? "✓" : "✗"}`);
    }), h("span", {}, ` ⇒ mex = ${c.value}`)));
  }
  return box;
}

function winningView(sum, t) {
  const out = h("div", { id: "winning-result" });
  const value = sum.value === null || sum.value === undefined ? "" : ` (${t.value} ${sum.value})`;
  out.append(h("p", {}, h("strong", {}, `${t.outcome}: `), (sum.outcome === "P" ? t.pwin : t.nwin) + value));
  const list = sum.winning_moves || [];
  if (!list.length) out.append(h("p", {}, t.none));
  else {
    out.append(h("ul", { class: "winning-moves" }, list.map((m) => {
      const to = Array.isArray(m.to) ? (m.to.length ? m.to.join("+") : "(nothing)") : (m.to || "(nothing)");
      const why = m.target !== undefined && m.value !== undefined
        ? ` (${t.value} ${m.value} → ${m.target}${sum.value ? ` = ${m.value} ⊕ ${sum.value}` : ""})` : "";
      return h("li", { class: "win" }, `${t.component} ${m.component}: ${m.from} → ${to}`, h("span", { class: "why" }, why));
    })));
    const total = Number(sum.winning_moves_total);
    if (total > list.length) out.append(h("p", { class: "hint" }, `(${sum.winning_moves_total} ${t.inAll})`));
  }
  return out;
}

/** Bouton's columns: each component's value in binary, and their XOR. */
function boutonTable(positions, values, highestBit, t) {
  if (values.some((v) => v === null || v === undefined)) {
    return h("p", {}, "(a component has no single nim-value here)");
  }
  const total = values.reduce((a, b) => a ^ b, 0);
  const bits = Math.max(1, ...values.map((v) => v.toString(2).length));
  const cols = [...Array(bits).keys()].map((i) => bits - 1 - i);
  const top = highestBit ?? (total ? total.toString(2).length - 1 : null);
  const bitCells = (v, cls) => cols.map((b) => h("td", { class: `bit ${cls || ""} ${(v >> b) & 1 ? "one" : ""}${b === top ? " hibit" : ""}` },
    String((v >> b) & 1)));
  const head = h("tr", {}, h("th", { scope: "col" }, t.component), h("th", { scope: "col" }, t.value),
    cols.map((b) => h("th", { scope: "col" }, `2^${b}`)));
  const rows = positions.map((p, i) => h("tr", {}, h("th", { scope: "row" }, p),
    h("td", {}, String(values[i])), bitCells(values[i])));
  const xorRow = h("tr", { class: "xor" }, h("th", { scope: "row" }, t.xor),
    h("td", { id: "bouton-xor" }, String(total)), bitCells(total, "xor"));
  return h("div", {}, h("table", { class: "bouton", id: "bouton-table" }, h("thead", {}, head),
    h("tbody", {}, rows, xorRow)),
  h("p", { class: "big", id: "bouton-line" }, `${values.join(" ⊕ ")} = ${total}`),
  total ? h("p", { class: "hint" }, t.boutonRule.replace("{b}", `2^${top}`)) : h("p", { class: "hint" }, t.zeroRule));
}

// ---------------------------------------------------------------------------
// Play: heaps, pairs on a grid, boards; moves coloured by whether they win.

function renderPlay(view, params) {
  const game = params.get("game") || "";
  const start = params.getAll("p");
  view.append(h("h1", {}, "Play against the engine"));
  const host = h("div", {});
  view.append(playForm(params, (p) => go("play", p)), host);
  if (!game || !start.length) {
    view.append(h("p", { class: "hint" }, "Try ",
      h("a", { href: "#/play?game=nim&p=3&p=4&p=5" }, "Nim 3 4 5"), ", ",
      h("a", { href: "#/play?game=wythoff&p=4,6" }, "Wythoff 4,6"), ", ",
      h("a", { href: "#/play?game=cram&p=3x3" }, "Cram 3×3"), ", ",
      h("a", { href: "#/play?game=chomp&p=3x4" }, "Chomp 3×4"), " or ",
      h("a", { href: "#/play?game=node-kayles&p=grid:3x4" }, "Node Kayles on a 3×4 grid"), "."));
    return;
  }
  startGame(host, {
    game, start, misere: params.get("misere") === "1",
    mistakes: Math.min(1, Math.max(0, Number(params.get("mistakes")) || 0)),
    first: params.get("first") === "engine" ? "engine" : "you", source: null,
  });
}

/** The play settings: game, start, misère, engine strength, who begins. */
function playForm(params, submit, withGame = true) {
  const box = gameBox("play-game", params.get("game") || "");
  const posIn = h("input", { id: "play-start", value: params.getAll("p").join(" "), placeholder: "3 4 5 or 3x3",
    required: true, spellcheck: "false" });
  const misere = h("input", { id: "play-misere", type: "checkbox", checked: params.get("misere") === "1" });
  const mistakes = h("input", { id: "play-mistakes", type: "range", min: 0, max: 1, step: 0.05,
    value: params.get("mistakes") || "0" });
  const strength = h("output", { for: "play-mistakes", id: "play-strength" });
  const showStrength = () => {
    const r = Number(mistakes.value);
    strength.textContent = r === 0 ? "perfect" : `${Math.round(r * 100)}% random moves`;
  };
  showStrength();
  mistakes.addEventListener("input", showStrength);
  const first = h("select", { id: "play-first" },
    h("option", { value: "you", selected: params.get("first") !== "engine" }, "you"),
    h("option", { value: "engine", selected: params.get("first") === "engine" }, "the engine"));
  return h("form", { class: "controls", onsubmit: (e) => {
    e.preventDefault();
    submit({ game: withGame ? box.input.value.trim() : null, p: splitPositions(posIn.value),
      misere: misere.checked ? "1" : null, mistakes: Number(mistakes.value) > 0 ? mistakes.value : null,
      first: first.value === "engine" ? "engine" : null });
  } },
  withGame ? box.wrap : null,
  h("div", { class: "field" }, h("label", { for: "play-start" }, "Start position"), posIn),
  h("div", { class: "field small" }, h("label", { for: "play-first" }, "First to move"), first),
  h("div", { class: "field" }, h("label", { for: "play-mistakes" }, "Engine mistakes "), mistakes, " ", strength),
  h("div", { class: "field check" }, misere, h("label", { for: "play-misere" }, "misère (who cannot move wins)")),
  h("button", { type: "submit", id: "play-go" }, "New game"), withGame ? box.about : null);
}

/**
 * Runs one game in `host`. `cfg`: {game, start, misere, mistakes, first,
 * source}. The position after each move comes from the move itself (the
 * component replaced by what it leaves) or from the engine's answer.
 */
function startGame(host, cfg) {
  const state = { position: cfg.start.slice(), history: [], toMove: cfg.first, data: null,
    selected: null, busy: false, over: false, hints: true };
  const q = (extra) => ({ game: cfg.game, position: state.position, misere: cfg.misere ? "1" : null, ...extra });
  const status = h("p", { id: "play-status", class: "status", "aria-live": "polite" });
  const board = h("div", { id: "play-board", class: "board-area" });
  const movesBox = h("div", { id: "play-moves" });
  const result = h("div", { id: "play-result", "aria-live": "polite" });
  const historyBox = h("div", { id: "play-history" });
  const hints = h("input", { id: "play-hints", type: "checkbox", checked: true, onchange: () => {
    state.hints = hints.checked; draw();
  } });
  host.replaceChildren(h("section", { class: "card", id: "play" },
    h("h2", {}, `${cfg.game}${cfg.misere ? " (misère)" : ""}`), status,
    h("div", { class: "field check" }, hints, h("label", { for: "play-hints" },
      "colour the moves (green: wins, red: loses)")),
    board, movesBox, result, historyBox));

  async function load() {
    state.data = await api("moves", q({}), cfg.source);
    state.over = state.data.over || state.data.moves.length === 0;
    return state.data;
  }

  function record(who, text) {
    const d = state.data;
    state.history.push({ who, text, position: state.position.slice(),
      value: d.value, outcome: d.outcome });
  }

  async function afterMove(who, text) {
    await load();
    state.busy = false;
    record(who, text);
    state.toMove = who === "you" ? "engine" : "you";
    state.selected = null;
    if (state.over) return finish(who);
    if (state.toMove === "engine") return engineTurn();
    draw();
  }

  async function engineTurn() {
    state.busy = true;
    draw();
    status.textContent = "The engine is thinking…";
    try {
      const reply = await api("engine", q({ mistakes: cfg.mistakes > 0 ? cfg.mistakes : null }), cfg.source);
      if (!reply.move) { state.busy = false; return finish("you"); }
      state.position = reply.position;
      await afterMove("engine", reply.move.text + (reply.perfect ? "" : " (a mistake on purpose)"));
    } catch (err) {
      state.busy = false;
      result.replaceChildren(errorBox(err, "engine"));
      draw();
    }
  }

  async function play(move) {
    if (state.busy || state.over) return;
    state.busy = true;
    const next = state.position.slice(0, move.component)
      .concat(move.to, state.position.slice(move.component + 1));
    state.position = next;
    draw();
    try {
      await afterMove("you", move.text);
    } catch (err) {
      state.busy = false;
      result.replaceChildren(errorBox(err, "moves"));
    }
  }

  function finish(lastMover) {
    state.over = true;
    state.busy = false;
    // Normal play: whoever made the last move wins; misère: loses.
    const winner = cfg.misere ? (lastMover === "you" ? "engine" : "you") : lastMover;
    const who = state.history.length === 0 ? "nobody has moved" :
      (lastMover === "you" ? "you made the last move" : "the engine made the last move");
    const text = state.history.length === 0 ? "Game over before it began: there is no move from this position."
      : `Game over: ${who}, so ${winner === "you" ? "you win" : "the engine wins"}${cfg.misere ? " (misère)" : ""}.`;
    result.replaceChildren(h("p", { class: `end ${winner === "you" ? "won" : "lost"}`, id: "play-end",
      dataset: { winner } }, text),
    h("button", { type: "button", id: "play-again", onclick: () => startGame(host, cfg) }, "Play again"));
    draw();
    historyBox.replaceChildren(historyView(state.history));
  }

  function draw() {
    const d = state.data;
    if (!d) return;
    const mine = state.toMove === "you" && !state.over && !state.busy;
    if (!state.over) {
      const v = d.value === null || d.value === undefined ? "" : `, value ${d.value}`;
      status.textContent = `Position ${state.position.join(" ")}${v}. ` +
        (state.busy ? "The engine is thinking…" : mine ? "Your move." : "");
    } else status.textContent = `Position ${state.position.join(" ")}: no move left.`;
    const views = state.position.map((p, i) => componentView(cfg.game, p, i, d.moves, mine, state, play, draw));
    board.replaceChildren(...views);
    // The list is open when some component is not drawn (its moves are only there).
    const drawn = views.every((v) => !v.classList.contains("plain"));
    movesBox.replaceChildren(movesList(d.moves, mine, state.hints, play, !drawn));
    if (!state.over) historyBox.replaceChildren(state.history.length > 1 ? historyView(state.history) : "");
  }

  (async () => {
    try {
      await load();
      state.history.push({ who: "start", text: "start", position: state.position.slice(),
        value: state.data.value, outcome: state.data.outcome });
      if (state.over) return finish(null);
      if (state.toMove === "engine") return engineTurn();
      draw();
    } catch (err) {
      status.textContent = "";
      result.replaceChildren(errorBox(err, "moves"));
    }
  })();
}

function moveClass(m, hints) {
  if (!hints) return "move";
  return m.wins === true ? "move win" : m.wins === false ? "move lose" : "move unknown";
}

/** Every legal move as a button, coloured by whether it wins. */
function movesList(moves, enabled, hints, play, open) {
  if (!moves.length) return h("p", {}, "No legal move.");
  const list = h("ul", { class: "moves", role: "list" }, moves.map((m, i) => h("li", {},
    h("button", { type: "button", class: moveClass(m, hints), disabled: !enabled, dataset: { move: i },
      title: hints ? (m.wins === true ? "wins: leaves a P-position" : m.wins === false ? "loses" : "") : "",
      onclick: () => play(m) }, m.text))));
  return h("details", { class: "moves-box", open: open && moves.length <= 60 },
    h("summary", {}, `Legal moves (${moves.length})`), list);
}

/** A component drawn by its shape: a board, a pair grid, a heap. */
function componentView(game, pos, index, moves, enabled, state, play, redraw) {
  const own = moves.filter((m) => m.component === index);
  const fam = family(game);
  const grid = BOARD_GAMES.includes(fam) ? parseBoard(fam, pos) : null;
  if (grid) return boardView(fam, grid, index, own, enabled, state, play, redraw);
  const pair = /^(\d+),(\d+)$/.exec(pos);
  if (pair && Number(pair[1]) <= 40 && Number(pair[2]) <= 40) {
    return pairView(Number(pair[1]), Number(pair[2]), index, own, enabled, state.hints, play);
  }
  if (/^\d+$/.test(pos)) return heapView(Number(pos), index, own, enabled, state.hints, play);
  return h("div", { class: "component plain" }, h("p", {}, `component ${index}: `, h("code", {}, pos),
    " (its moves are in the list below)"));
}

function heapView(n, index, own, enabled, hints, play) {
  const tokens = n <= 60 ? [...Array(n).keys()].map(() => h("span", { class: "token", "aria-hidden": "true" })) :
    [h("span", { class: "hint" }, "(a large heap)")];
  return h("div", { class: "component heap", dataset: { component: index } },
    h("p", { class: "heap-label" }, `heap ${index}: ${n}`), h("div", { class: "tokens" }, tokens),
    h("div", { class: "heap-moves" }, own.slice(0, 60).map((m) => h("button", { type: "button",
      class: moveClass(m, hints), disabled: !enabled, onclick: () => play(m) }, `→ ${m.to.length ? m.to.join("+") : "∅"}`))));
}

/** A pair A,B as a grid: the current cell and the cells a move reaches. */
function pairView(a, b, index, own, enabled, hints, play) {
  const targets = new Map();
  for (const m of own) {
    const t = /^(\d+),(\d+)$/.exec(m.to.length === 1 ? m.to[0] : "");
    if (t) targets.set(`${t[1]},${t[2]}`, m);
  }
  const rows = [];
  for (let i = 0; i <= a; i++) {
    const cells = [];
    for (let j = 0; j <= b; j++) {
      const m = targets.get(`${i},${j}`);
      const here = i === a && j === b;
      const label = `${i},${j}`;
      cells.push(h("td", {}, m ? h("button", { type: "button", class: `cell ${moveClass(m, hints)}`,
        disabled: !enabled, title: `move to ${label}`, "aria-label": `move to ${label}`, dataset: { cell: label },
        onclick: () => play(m) }, "") :
        h("span", { class: here ? "cell here" : "cell", title: label, dataset: { cell: label } }, here ? "●" : "")));
    }
    rows.push(h("tr", {}, h("th", { scope: "row" }, i), cells));
  }
  const head = h("tr", {}, h("th", {}, ""), [...Array(b + 1).keys()].map((j) => h("th", { scope: "col" }, j)));
  return h("div", { class: "component pair", dataset: { component: index } },
    h("p", {}, `pair ${index}: ${a},${b} (row = first number, column = second; click where to move)`),
    h("table", { class: "grid" }, h("thead", {}, head), h("tbody", {}, rows)));
}

/** A board's cells from its text: `MxN`, `grid:MxN`, `[4,3,1]` or rows joined by `/`. */
function parseBoard(fam, pos) {
  let text = pos.startsWith("grid:") ? pos.slice(5) : pos;
  let m = /^(\d+)x(\d+)$/.exec(text);
  if (m) {
    const rows = Number(m[1]);
    const cols = Number(m[2]);
    if (rows * cols > 400) return null;
    return [...Array(rows).keys()].map(() => ".".repeat(cols).split(""));
  }
  m = /^\[([\d,\s]+)\]$/.exec(text);
  if (m && fam === "chomp") {
    const lengths = m[1].split(",").map((s) => Number(s.trim()));
    const width = Math.max(...lengths);
    return lengths.map((l) => (".".repeat(l) + "#".repeat(width - l)).split(""));
  }
  if (/^[.#x]+(\/[.#x]+)*$/.test(text)) return text.split("/").map((r) => r.split(""));
  return null;
}

/** The cells a move takes: free before, not free after. */
function changedCells(grid, move) {
  if (move.to.length !== 1) return null;
  const after = parseBoard("", move.to[0]);
  if (!after || after.length !== grid.length) return null;
  const cells = [];
  grid.forEach((row, r) => row.forEach((c, k) => {
    const next = after[r][k];
    if (c === "." && next !== undefined && next !== ".") cells.push({ r, k, mark: next });
  }));
  return cells;
}

/**
 * The cells a click may choose a move by. Chomp: the corner of the eaten
 * block. Node Kayles: the vertex taken (marked `x`, or else the cell whose
 * free neighbours are exactly the other cells the move takes).
 */
function anchors(fam, grid, cells) {
  if (!cells || !cells.length) return [];
  if (fam === "chomp") return [cells.reduce((a, c) => (c.r < a.r || (c.r === a.r && c.k < a.k) ? c : a))];
  if (fam !== "node-kayles") return [];
  const marked = cells.filter((c) => c.mark === "x");
  if (marked.length === 1) return marked;
  const taken = new Set(cells.map((c) => `${c.r}:${c.k}`));
  const free = (r, k) => grid[r] !== undefined && grid[r][k] === ".";
  return cells.filter((c) => {
    const around = [[c.r - 1, c.k], [c.r + 1, c.k], [c.r, c.k - 1], [c.r, c.k + 1]].filter(([r, k]) => free(r, k));
    return around.length === cells.length - 1 && around.every(([r, k]) => taken.has(`${r}:${k}`));
  });
}

/**
 * A board: Cram takes two clicks (a domino of two adjacent free cells),
 * Chomp one (the square, and all right of and below it, is eaten), Node
 * Kayles one (the vertex, its neighbours are then blocked).
 */
function boardView(fam, grid, index, own, enabled, state, play, redraw) {
  const key = (r, k) => `${r}:${k}`;
  const byCell = new Map();   // cell -> moves it starts (click once)
  const dominoes = [];        // cram: {cells: [a, b], move}
  for (const m of own) {
    const cells = changedCells(grid, m);
    if (!cells) continue;
    if (fam === "cram" && cells.length === 2) dominoes.push({ cells, move: m });
    for (const a of anchors(fam, grid, cells)) if (!byCell.has(key(a.r, a.k))) byCell.set(key(a.r, a.k), m);
  }
  const selected = state.selected && state.selected.index === index ? state.selected : null;
  const partners = new Map();
  if (selected) {
    for (const d of dominoes) {
      const [x, y] = d.cells;
      if (x.r === selected.r && x.k === selected.k) partners.set(key(y.r, y.k), d.move);
      if (y.r === selected.r && y.k === selected.k) partners.set(key(x.r, x.k), d.move);
    }
  }
  const winsAt = new Map();   // cram, nothing selected: cells of a winning domino
  for (const d of dominoes) for (const c of d.cells) {
    const k = key(c.r, c.k);
    winsAt.set(k, winsAt.get(k) === true || d.move.wins === true);
  }
  const click = (r, k) => {
    if (fam === "cram") {
      const m = partners.get(key(r, k));
      if (m) { play(m); return; }
      const isSame = selected && selected.r === r && selected.k === k;
      state.selected = isSame ? null : { index, r, k };
      redraw();
      return;
    }
    const m = byCell.get(key(r, k));
    if (m) play(m);
  };
  const rows = grid.map((row, r) => h("tr", {}, row.map((c, k) => {
    const free = c === ".";
    const poison = fam === "chomp" && r === 0 && k === 0;
    let cls = free ? "sq free" : "sq taken";
    let move = null;
    if (free && fam === "cram") {
      move = partners.get(key(r, k)) || null;
      if (selected && selected.r === r && selected.k === k) cls += " selected";
      else if (move) cls += ` target ${moveClass(move, state.hints)}`;
      else if (!selected && state.hints && winsAt.has(key(r, k))) cls += winsAt.get(key(r, k)) ? " haswin" : " nowin";
    } else if (free) {
      move = byCell.get(key(r, k)) || null;
      if (move) cls += ` ${moveClass(move, state.hints)}`;
    }
    if (poison) cls += " poison";
    const label = `row ${r + 1}, column ${k + 1}${free ? "" : " (taken)"}${poison ? " (poisoned)" : ""}`;
    const clickable = free && enabled && (fam === "cram" ? (winsAt.has(key(r, k)) || move) : move);
    return h("td", {}, h("button", { type: "button", class: cls, "aria-label": label, title: label,
      disabled: !clickable, dataset: { r, k }, onclick: () => click(r, k) }, poison ? "☠" : c === "x" ? "×" : ""));
  })));
  const help = fam === "cram" ? "click two adjacent free cells to place a domino"
    : fam === "chomp" ? "click a square: it and every square right of and below it are eaten (the ☠ square is never taken)"
      : "click a free vertex: it and its neighbours leave the game";
  return h("div", { class: "component board", dataset: { component: index } },
    h("p", {}, `board ${index}: ${help}`),
    h("table", { class: `grid board-${fam}` }, h("tbody", {}, rows)));
}

/** The value of the position after each move, as a small chart and a table. */
function historyView(history) {
  const points = history.map((e, i) => ({ i, y: e.value ?? (e.outcome === "N" ? 1 : 0),
    who: e.who, known: e.value !== null && e.value !== undefined }));
  const maxY = Math.max(1, ...points.map((p) => p.y));
  const W = 420, H = 140, L = 30, B = 20, T = 10, R = 12;
  const x = (i) => L + (history.length <= 1 ? 0 : (i * (W - L - R)) / (history.length - 1));
  const y = (v) => T + (H - T - B) * (1 - v / maxY);
  const ns = "http://www.w3.org/2000/svg";
  const s = (tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    return el;
  };
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", id: "history-chart",
    "aria-label": "value of the position after each move" });
  svg.append(s("line", { x1: L, y1: y(0), x2: W - R, y2: y(0), class: "axis" }));
  svg.append(s("line", { x1: L, y1: T, x2: L, y2: y(0), class: "axis" }));
  svg.append(s("text", { x: L - 6, y: y(0) + 4, "text-anchor": "end", class: "tick" }, "0"));
  svg.append(s("text", { x: L - 6, y: y(maxY) + 4, "text-anchor": "end", class: "tick" }, String(maxY)));
  const every = Math.max(1, Math.ceil(history.length / 15));
  for (const p of points) {
    if (p.i % every === 0 || p.i === history.length - 1) {
      svg.append(s("text", { x: x(p.i), y: y(0) + 13, "text-anchor": "middle", class: "tick" }, String(p.i)));
    }
  }
  svg.append(s("polyline", { points: points.map((p) => `${x(p.i)},${y(p.y)}`).join(" "), class: "line" }));
  for (const p of points) {
    svg.append(s("circle", { cx: x(p.i), cy: y(p.y), r: 4, class: `pt ${p.who} ${p.y === 0 ? "zero" : ""}` },
      undefined));
  }
  const rows = history.map((e, i) => h("tr", { class: e.who }, h("td", {}, i), h("td", {}, e.who),
    h("td", {}, e.text), h("td", {}, e.position.join(" ")),
    h("td", { class: "hv" }, e.value ?? e.outcome ?? "")));
  return h("div", { class: "history" }, h("h3", {}, "Value history"),
    h("p", { class: "hint" }, "The value of the position after each move (0: a P-position, the player to move loses). ",
      h("span", { class: "key you" }, "●"), " your moves, ", h("span", { class: "key engine" }, "●"), " the engine's."),
    svg, h("table", { class: "history-table", id: "history-table" },
      h("thead", {}, h("tr", {}, ["#", "who", "move", "position", "value"].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, rows)));
}

// ---------------------------------------------------------------------------
// Your game: a pasted Lua script or TOML file, run through the POST endpoints.

const SCRIPT_KINDS = { lua: "Lua", toml: "TOML", rhai: "Rhai" };

function renderScript(view, params) {
  view.append(h("h1", {}, "Your game"), h("p", { class: "hint" },
    "Write the options of a position as a Lua (or Rhai) script, or a TOML game file; it runs in the same sandbox as ",
    h("code", {}, "grundy values script:FILE"), " (no files, no network, bounded time and memory)."));
  let exampleName = params.get("example");
  const kind = SCRIPT_KINDS[params.get("kind")] ? params.get("kind") : "lua";
  const text = h("textarea", { id: "script-text", rows: 9, spellcheck: "false",
    "aria-describedby": "script-examples-h" }, params.get("src") || "");
  const kindSel = h("select", { id: "script-kind" }, Object.entries(SCRIPT_KINDS).map(([k, name]) =>
    h("option", { value: k, selected: k === kind }, name)));
  const toIn = h("input", { id: "script-to", type: "number", min: 0, value: params.get("to") || "30" });
  const examplesBox = h("div", { id: "script-examples", class: "examples" }, h("span", { class: "loading" }, "…"));
  const out = h("div", { id: "script-output" });
  let examples = [];
  const run = () => {
    const chosen = examples.find((e) => e.name === exampleName);
    const unchanged = chosen && chosen.text === text.value;
    const source = { name: unchanged ? chosen.name : `yours.${kindSel.value}`, text: text.value };
    const params2 = unchanged
      ? { example: exampleName, to: toIn.value }
      : { kind: kindSel.value, src: text.value.length <= 6000 ? text.value : null, to: toIn.value };
    history.replaceState(null, "", `#/script?${new URLSearchParams(Object.entries(params2).filter(([, v]) => v))}`);
    runScript(out, source, toIn.value);
  };
  const form = h("form", { class: "controls column", onsubmit: (e) => { e.preventDefault(); run(); } },
    h("div", { class: "field wide" }, h("label", { for: "script-text" }, "Script or game file"), text),
    h("div", { class: "row" },
      h("div", { class: "field small" }, h("label", { for: "script-kind" }, "Language"), kindSel),
      h("div", { class: "field small" }, h("label", { for: "script-to" }, "Values to"), toIn),
      h("button", { type: "submit", id: "script-go" }, "Run")));
  view.append(h("section", { class: "card" }, h("h2", { id: "script-examples-h" }, "Examples"), examplesBox), form, out);
  api("examples").then((d) => {
    examples = d.examples || [];
    examplesBox.replaceChildren(...examples.map((e) => h("button", { type: "button",
      class: e.name === exampleName ? "example chosen" : "example",
      dataset: { name: e.name }, "aria-pressed": e.name === exampleName ? "true" : "false", onclick: () => {
        for (const b of examplesBox.querySelectorAll("button")) {
          b.classList.toggle("chosen", b.dataset.name === e.name);
          b.setAttribute("aria-pressed", b.dataset.name === e.name ? "true" : "false");
        }
        text.value = e.text;
        exampleName = e.name;
        const ext = e.name.split(".").pop();
        if (SCRIPT_KINDS[ext]) kindSel.value = ext;
        history.replaceState(null, "", `#/script?example=${encodeURIComponent(e.name)}`);
        run();
      } }, e.name)));
    const chosen = examples.find((e) => e.name === exampleName);
    if (chosen) {
      text.value = chosen.text;
      const ext = chosen.name.split(".").pop();
      if (SCRIPT_KINDS[ext]) kindSel.value = ext;
      run();
    } else if (params.get("src")) run();
  }).catch((err) => {
    examplesBox.replaceChildren(errorBox(err, "examples"));
    if (params.get("src")) run();
  });
}

/** The table, period, pattern and a game of a pasted script. */
function runScript(out, source, to) {
  if (!source.text.trim()) {
    out.replaceChildren(h("p", { class: "error", role: "alert" }, "The script is empty: paste one or pick an example."));
    return;
  }
  const values = section("values", "Values");
  const period = section("period", "Period");
  const pattern = section("pattern", "Pattern");
  const playHost = h("div", {});
  const playCard = h("section", { class: "card", id: "script-play" }, h("h2", {}, "Play it"),
    playForm(new URLSearchParams(), (p) => startGame(playHost, { game: source.name, start: p.p,
      misere: p.misere === "1", mistakes: Number(p.mistakes) || 0, first: p.first === "engine" ? "engine" : "you",
      source }), false), playHost);
  out.replaceChildren(values.el, period.el, pattern.el, playCard);
  fill(values.body, api("values", { to }, source), (d) => valueTable(d, d.game), "values");
  fill(period.body, api("period", {}, source), periodView, "period");
  fill(pattern.body, api("pattern", {}, source), patternView, "pattern");
}

// ---------------------------------------------------------------------------
// Census: the rows of a census directory, sortable and filterable.

function renderCensus(view, params) {
  view.append(h("h1", {}, "Census"));
  const body = h("div", {}, h("p", { class: "loading" }, "Loading…"));
  view.append(body);
  fill(body, api("census"), (d) => censusTable(d, params), "census");
}

function censusTable(d, params) {
  const columns = d.columns || (d.rows.length ? Object.keys(d.rows[0]) : []);
  let sortCol = columns.includes(params.get("sort")) ? params.get("sort") : null;
  let desc = params.get("desc") === "1";
  const filterIn = h("input", { id: "census-filter", type: "search", value: params.get("q") || "",
    placeholder: "filter: 0.07, periodic, open…" });
  const count = h("p", { class: "hint", id: "census-count", "aria-live": "polite" });
  const tbody = h("tbody", {});
  const headRow = h("tr", {});
  const cell = (row, c) => {
    const v = Array.isArray(row) ? row[columns.indexOf(c)] : row[c];
    return v === null || v === undefined ? "" : v;
  };
  const codeOf = (row) => String(cell(row, columns.includes("code") ? "code" : columns[0]));
  const compare = (a, b) => {
    const x = cell(a, sortCol);
    const y = cell(b, sortCol);
    const nx = Number(x);
    const ny = Number(y);
    const r = x !== "" && y !== "" && !Number.isNaN(nx) && !Number.isNaN(ny) ? nx - ny : String(x).localeCompare(String(y));
    return desc ? -r : r;
  };
  const save = () => history.replaceState(null, "", `#/census?${new URLSearchParams(Object.entries({
    sort: sortCol, desc: desc ? "1" : null, q: filterIn.value }).filter(([, v]) => v))}`);
  const draw = () => {
    const needle = filterIn.value.trim().toLowerCase();
    let rows = d.rows.filter((row) => !needle || columns.some((c) => String(cell(row, c)).toLowerCase().includes(needle)));
    if (sortCol) rows = rows.slice().sort(compare);
    count.textContent = `${rows.length} of ${d.rows.length} codes`;
    headRow.replaceChildren(...columns.map((c) => h("th", { scope: "col",
      "aria-sort": c === sortCol ? (desc ? "descending" : "ascending") : "none" },
    h("button", { type: "button", class: "sort", dataset: { col: c }, onclick: () => {
      if (sortCol === c) desc = !desc; else { sortCol = c; desc = false; }
      save(); draw();
    } }, c, c === sortCol ? (desc ? " ▼" : " ▲") : ""))));
    tbody.replaceChildren(...rows.map((row) => h("tr", { class: "link", tabindex: 0, dataset: { code: codeOf(row) },
      onclick: () => go("explore", { game: codeOf(row) }),
      onkeydown: (e) => { if (e.key === "Enter") go("explore", { game: codeOf(row) }); } },
    columns.map((c) => h("td", {}, String(cell(row, c)))))));
  };
  filterIn.addEventListener("input", () => { save(); draw(); });
  draw();
  return h("div", {}, h("p", {}, "Directory: ", h("code", {}, d.dir || "?"), ". Click a row to explore that code."),
    h("div", { class: "field" }, h("label", { for: "census-filter" }, "Filter"), filterIn), count,
    h("div", { class: "scroll" }, h("table", { class: "census", id: "census-table" }, h("thead", {}, headRow), tbody)));
}

// ---------------------------------------------------------------------------

const RENDER = { explore: renderExplore, explain: renderExplain, play: renderPlay, script: renderScript,
  census: renderCensus };

function render() {
  const { view, params } = route();
  const main = document.getElementById("view");
  for (const name of VIEWS) {
    const tab = document.getElementById(`tab-${name}`);
    if (tab) {
      if (name === view) tab.setAttribute("aria-current", "page");
      else tab.removeAttribute("aria-current");
    }
  }
  main.replaceChildren();
  document.title = `Grundy Lab: ${{ explore: "Explore", explain: "Explain", play: "Play", script: "Your game",
    census: "Census" }[view]}`;
  try {
    RENDER[view](main, params);
  } catch (err) {
    main.append(errorBox(err, "page"));
  }
}

window.addEventListener("hashchange", render);
render();
