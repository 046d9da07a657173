// Tokenises every example with the TextMate grammar, as VS Code does
// (vscode-textmate on the Oniguruma regex engine), and compares the scopes
// of chosen lines with test/expected.txt. Every example must also end with
// no construct left open (an option list the grammar failed to close).
//
//   node test/tokenize.js            compare (exit 1 on a difference)
//   node test/tokenize.js --update   rewrite test/expected.txt
"use strict";
const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const root = path.join(__dirname, "..");
const examples = path.join(root, "..", "..", "examples");
const expectedPath = path.join(__dirname, "expected.txt");

// The lines whose scopes are snapshot-tested: [example, line number (1-based)].
const chosen = [
  ["kayles.sg", 4],
  ["kayles.sg", 11],
  ["kayles.sg", 23],
  ["chomp.sg", 13],
  ["chomp.sg", 17],
  ["chomp.sg", 33],
  ["hints.sg", 12],
  ["dawsons_kayles.sg", 29],
  ["dawsons_kayles.sg", 30],
  ["graph_game.sg", 42],
  ["loopy.sg", 20],
];

async function main() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== "source.sg") return null;
      const file = path.join(root, "syntaxes", "sg.tmLanguage.json");
      return vsctm.parseRawGrammar(fs.readFileSync(file, "utf8"), file);
    },
  });
  const grammar = await registry.loadGrammar("source.sg");

  // The rule stack between statements, outside every construct.
  const top = grammar.tokenizeLine("", vsctm.INITIAL).ruleStack;
  const files = fs.readdirSync(examples).filter((f) => f.endsWith(".sg")).sort();
  const tokenised = {};
  const problems = [];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(examples, file), "utf8").split("\n");
    let stack = vsctm.INITIAL;
    tokenised[file] = lines.map((line) => {
      const result = grammar.tokenizeLine(line, stack);
      stack = result.ruleStack;
      return result.tokens.map((t) => ({
        text: line.substring(t.startIndex, t.endIndex),
        scopes: t.scopes.slice(1),
      }));
    });
    if (!stack.equals(top)) problems.push(`${file}: ends inside an open construct`);
  }

  let out = "";
  for (const [file, number] of chosen) {
    const tokens = tokenised[file][number - 1];
    out += `# ${file}:${number}\n`;
    for (const { text, scopes } of tokens) {
      if (text.trim() === "") continue;
      out += `${JSON.stringify(text)} ${scopes.join(" ") || "-"}\n`;
    }
  }

  if (process.argv.includes("--update")) {
    fs.writeFileSync(expectedPath, out);
    console.log(`wrote ${expectedPath}`);
  } else {
    const expected = fs.readFileSync(expectedPath, "utf8");
    if (expected !== out) {
      const a = expected.split("\n");
      const b = out.split("\n");
      const at = a.findIndex((line, i) => line !== b[i]);
      problems.push(`scopes differ from test/expected.txt at line ${at + 1}:\n  expected ${a[at]}\n  actual   ${b[at]}`);
    }
  }
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  console.log(`tokenised ${files.length} examples; ${chosen.length} lines match`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
