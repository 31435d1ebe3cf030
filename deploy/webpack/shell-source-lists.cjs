/**
 * Lists the shared map takes from the shell's own source, where they are
 * written once as code the shell runs:
 *
 * - the start-up steps (STARTUP_STEPS in shell/src/startup-steps.ts): every
 *   package they import is provided eagerly (HOST_EAGER), and nothing else;
 * - the modules the shell provides for the remotes without using them itself
 *   (PROVIDED_FOR_REMOTES in shell/src/features/remotes/provided-for-remotes.ts):
 *   each key names the module its import() loads.
 *
 * They are read with the TypeScript parser, not by evaluating the files (they
 * are browser code) nor with patterns over the text.
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const STARTUP_FILE = path.join('src', 'startup-steps.ts');
const PROVIDED_FILE = path.join('src', 'features', 'remotes', 'provided-for-remotes.ts');

/** The initializer of `export const <name> = …` in a TypeScript file. */
function exportedConst(file, name) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) return declaration.initializer;
    }
  }
  throw new Error(`${file} exports no const ${name}`);
}

/** The specifiers of the import() calls under a node, in order. */
function dynamicImports(node) {
  const found = [];
  const visit = (child) => {
    if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = child.arguments;
      if (!argument || !ts.isStringLiteralLike(argument)) throw new Error(`an import() without a literal module name: ${child.getText()}`);
      found.push(argument.text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

const isPackage = (specifier) => !specifier.startsWith('.') && !specifier.startsWith('/');

/** Each start-up step's imports, in order (./App, react-dom/client, …). */
function startupSteps(shellDir) {
  const list = exportedConst(path.join(shellDir, STARTUP_FILE), 'STARTUP_STEPS');
  if (!ts.isArrayLiteralExpression(list)) throw new Error(`${STARTUP_FILE}: STARTUP_STEPS is not an array literal`);
  return list.elements.map(dynamicImports);
}

/** The packages the shell provides eagerly: those its start-up steps import. */
function hostEager(shellDir) {
  return [...new Set(startupSteps(shellDir).flat().filter(isPackage))];
}

/** The modules the shell provides for the remotes only: the keys of PROVIDED_FOR_REMOTES, each loading the module it names. */
function providedForRemotes(shellDir, file = path.join(shellDir, PROVIDED_FILE)) {
  const object = exportedConst(file, 'PROVIDED_FOR_REMOTES');
  if (!ts.isObjectLiteralExpression(object)) throw new Error(`${file}: PROVIDED_FOR_REMOTES is not an object literal`);
  return object.properties.map((property) => {
    if (!ts.isPropertyAssignment(property) || !ts.isStringLiteralLike(property.name)) throw new Error(`${file}: each key of PROVIDED_FOR_REMOTES is a module name in quotes`);
    const key = property.name.text;
    const imports = dynamicImports(property.initializer);
    if (imports.length !== 1 || imports[0] !== key) throw new Error(`${file}: '${key}' must load '${key}' (it loads ${imports.map((i) => `'${i}'`).join(', ') || 'nothing'})`);
    return key;
  });
}

module.exports = { startupSteps, hostEager, providedForRemotes };
