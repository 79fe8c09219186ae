// Fails when one user-facing message is written in two places. A message users can see is defined once (in
// its domain's messages module, or beside the one check that raises it) and everything else imports it, so
// changing a message is one edit and the error catalogue cannot drift from what the services throw.
//
// What counts as a message (non-test TypeScript under server/, app/, components/, scripts/; tests and
// server/test/ keep the spec's bytes literal on purpose):
// - the message argument of `new AppError(kind, message)`, `new Error(message)` and `new TRPCError({...})`;
// - the value of an object property named `message` or `error` (error bodies, tRPC errors, zod's `{ error }`);
// - the values of a constant whose name ends in MESSAGE, MESSAGES or ERRORS (any case: the error catalogue's
//   lists), and every constant of a `messages.ts` module;
// - a constant or an object property one of those positions names, followed through imports with the type
//   checker (also `AUTH.invalid` when AUTH is typed by an interface, and through `...spread` objects).
// Conditionals, `??`/`||`, arrow functions and string concatenation are followed to the literals they give.
// Only text with a space and at least four letters counts (no codes such as 'BAD_REQUEST'), and a
// template's `${…}` parts read as placeholders, so `${label} must be at most ${max} characters` written
// again with other variable names is still a duplicate. Text written once and used in many places is fine.
//
// Run: tsx scripts/lint/duplicate-messages.ts (part of npm run lint). Exit code 1 names every duplicate.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['server', 'app', 'components', 'scripts'];
/** Tests and test support assert the published bytes of messages on purpose: a test must not import them. */
const SKIPPED = /(\.test\.tsx?$|^server\/test\/|^server\/generated\/)/;

const PLACEHOLDER = '…';
const MESSAGE_PROPERTIES = new Set(['message', 'error']);
const MESSAGE_CONSTANT = /(message|messages|errors)$/i;

interface Occurrence {
  text: string;
  where: string;
}

function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(path.join(ROOT, directory), { withFileTypes: true })) {
      const relative = path.posix.join(directory, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !SKIPPED.test(relative))
        found.push(relative);
    }
  };
  for (const directory of SCANNED) walk(directory);
  return found.sort();
}

/** A template's text with a placeholder for each `${…}`. */
const templateText = (node: ts.TemplateExpression) =>
  node.head.text + node.templateSpans.map((span) => PLACEHOLDER + span.literal.text).join('');

/** Whether a text reads as a sentence shown to someone rather than a code, a key or a bare placeholder. */
const looksLikeMessage = (text: string) =>
  /\s/.test(text.trim()) && text.replaceAll(PLACEHOLDER, '').replace(/[^\p{L}]/gu, '').length >= 4;

function findDuplicateMessages(files: readonly string[]): Map<string, Occurrence[]> {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    allowImportingTsExtensions: true,
    noEmit: true,
    noLib: true,
    types: [],
    paths: { '@/*': [`${ROOT}/*`] },
  };
  // Only our own modules are resolved: a message is never defined in a package, and leaving node_modules
  // unread keeps the check to a few seconds.
  const host = ts.createCompilerHost(options);
  host.resolveModuleNameLiterals = (literals, containingFile) =>
    literals.map((literal) =>
      literal.text.startsWith('@/') || literal.text.startsWith('.')
        ? ts.resolveModuleName(literal.text, containingFile, options, host)
        : { resolvedModule: undefined },
    );
  const program = ts.createProgram(
    files.map((file) => path.join(ROOT, file)),
    options,
    host,
  );
  const checker = program.getTypeChecker();
  const inScope = (sourceFile: ts.SourceFile) => {
    const relative = path.relative(ROOT, sourceFile.fileName).split(path.sep).join('/');
    return !relative.startsWith('..') && !SKIPPED.test(relative) && !relative.startsWith('node_modules/');
  };

  const seen = new Set<ts.Node>();
  const occurrences: Occurrence[] = [];
  const record = (node: ts.Node, text: string) => {
    if (seen.has(node) || !looksLikeMessage(text)) return;
    seen.add(node);
    const sourceFile = node.getSourceFile();
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
    const file = path.relative(ROOT, sourceFile.fileName).split(path.sep).join('/');
    occurrences.push({ text, where: `${file}:${line + 1}:${character + 1}` });
  };

  /** Records every literal an expression can give (computed parts read as placeholders). */
  const visitedDeclarations = new Set<ts.Node>();
  function collect(node: ts.Node | undefined): void {
    if (!node) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) record(node, node.text);
    else if (ts.isTemplateExpression(node)) record(node, templateText(node));
    else if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isNonNullExpression(node)
    )
      collect(node.expression);
    else if (ts.isConditionalExpression(node)) {
      collect(node.whenTrue);
      collect(node.whenFalse);
    } else if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind;
      if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) {
        collect(node.left);
        collect(node.right);
      } else if (operator === ts.SyntaxKind.PlusToken) {
        const joined = concatenation(node);
        if (joined !== null) record(node, joined);
      }
    } else if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      if (!ts.isBlock(node.body)) return collect(node.body);
      const visit = (child: ts.Node) => {
        if (ts.isReturnStatement(child)) collect(child.expression);
        else if (!ts.isFunctionLike(child)) ts.forEachChild(child, visit);
      };
      ts.forEachChild(node.body, visit);
    } else if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties)
        if (ts.isPropertyAssignment(property)) collect(property.initializer);
    } else if (ts.isArrayLiteralExpression(node)) node.elements.forEach(collect);
    else if (
      ts.isIdentifier(node) ||
      ts.isPropertyAccessExpression(node) ||
      ts.isElementAccessExpression(node)
    )
      followReference(node);
  }

  /** The text of `'a' + x + 'b'` with placeholders for x, or null when it holds no literal at all. */
  function concatenation(node: ts.Expression): string | null {
    const parts: string[] = [];
    let literal = false;
    const flatten = (part: ts.Expression) => {
      if (ts.isBinaryExpression(part) && part.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        flatten(part.left);
        flatten(part.right);
      } else if (ts.isStringLiteral(part) || ts.isNoSubstitutionTemplateLiteral(part)) {
        parts.push(part.text);
        literal = true;
      } else if (ts.isTemplateExpression(part)) {
        parts.push(templateText(part));
        literal = true;
      } else parts.push(PLACEHOLDER);
    };
    flatten(node);
    return literal ? parts.join('') : null;
  }

  const declarationsOf = (node: ts.Node): readonly ts.Declaration[] => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.declarations ?? [];
  };

  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)
      ? unwrap(node.expression)
      : node;

  /** The object literal a constant holds, when `node` names one. */
  const objectLiteralOf = (node: ts.Expression): ts.ObjectLiteralExpression | undefined => {
    for (const declaration of declarationsOf(node)) {
      if (!ts.isVariableDeclaration(declaration) || !declaration.initializer) continue;
      const value = unwrap(declaration.initializer);
      if (ts.isObjectLiteralExpression(value)) return value;
    }
    return undefined;
  };

  /** The property `name` of an object literal, also from the objects it spreads. */
  function propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.PropertyAssignment | undefined {
    for (const property of [...object.properties].reverse()) {
      if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property;
      if (ts.isSpreadAssignment(property)) {
        const spread = objectLiteralOf(property.expression);
        const found = spread && propertyOf(spread, name);
        if (found) return found;
      }
    }
    return undefined;
  }

  const followDeclaration = (declaration: ts.Node) => {
    if (visitedDeclarations.has(declaration) || !inScope(declaration.getSourceFile())) return;
    visitedDeclarations.add(declaration);
    if (ts.isVariableDeclaration(declaration) && isConstant(declaration)) collect(declaration.initializer);
    else if (ts.isPropertyAssignment(declaration)) collect(declaration.initializer);
  };

  /** A constant a message position names: its literal is a message, recorded where it is written. */
  function followReference(node: ts.Expression) {
    const declarations = declarationsOf(ts.isElementAccessExpression(node) ? node.expression : node);
    declarations.forEach(followDeclaration);
    // `AUTH.invalid` where AUTH is declared with an interface type: the checker names the interface's member,
    // so the property is looked up in the object literal the constant holds.
    if (ts.isPropertyAccessExpression(node) && !declarations.some(ts.isPropertyAssignment)) {
      const object = objectLiteralOf(node.expression);
      const property = object && propertyOf(object, node.name.text);
      if (property) followDeclaration(property);
    }
  }

  const isConstant = (declaration: ts.VariableDeclaration) =>
    ts.isVariableDeclarationList(declaration.parent) && (declaration.parent.flags & ts.NodeFlags.Const) !== 0;

  const isNewOf = (node: ts.Node, names: readonly string[]): node is ts.NewExpression =>
    ts.isNewExpression(node) && ts.isIdentifier(node.expression) && names.includes(node.expression.text);

  for (const file of files) {
    const sourceFile = program.getSourceFile(path.join(ROOT, file));
    if (!sourceFile) throw new Error(`${file} is not part of the program`);
    const messagesModule = path.basename(file) === 'messages.ts';
    const visit = (node: ts.Node) => {
      if (isNewOf(node, ['AppError'])) collect(node.arguments?.[1]);
      else if (isNewOf(node, ['Error', 'TRPCError'])) collect(node.arguments?.[0]);
      else if (
        ts.isPropertyAssignment(node) &&
        (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
        MESSAGE_PROPERTIES.has(node.name.text)
      )
        collect(node.initializer);
      else if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        isConstant(node) &&
        (messagesModule || MESSAGE_CONSTANT.test(node.name.text))
      ) {
        visitedDeclarations.add(node);
        collect(node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }

  const byText = new Map<string, Occurrence[]>();
  for (const occurrence of occurrences)
    byText.set(occurrence.text, [...(byText.get(occurrence.text) ?? []), occurrence]);
  return new Map([...byText].filter(([, places]) => places.length > 1));
}

const duplicates = findDuplicateMessages(sourceFiles());
if (duplicates.size === 0) {
  console.log('duplicate-messages: every message is written once');
} else {
  for (const [text, places] of duplicates) {
    console.error(`Message written ${places.length} times: ${JSON.stringify(text)}`);
    for (const place of places) console.error(`  ${place.where}`);
  }
  console.error(
    `duplicate-messages: ${duplicates.size} message(s) written more than once; define each once and import it`,
  );
  process.exitCode = 1;
}
