import path from 'node:path';

/**
 * One owner per table write (issue #34): a table is written (insert, update, delete) only by the
 * module that owns it; other modules call the owner's named operations. Options:
 * `{ root, owners: { <sql table name>: '<folder of the owner, relative to root>' } }`.
 *
 * What it sees, in a file outside the table's owner folder:
 * - Drizzle: `.insert(x)`, `.update(x)`, `.delete(x)` where `x` is imported from db/schema (a named
 *   import, or `schema.x` of a namespace import). The export name is the camelCase of the table's
 *   name (`blogConfigs` → `blog_configs`), the schema's convention (checked by the rule's test).
 * - Raw SQL: `insert into x`, `update x`, `delete from x` (optionally `"x"`, or `${x}` with a schema
 *   table) in the text of a `sql` tagged template, and in a string or template passed to
 *   `sql.raw()`, `.exec()`, `.query()` or `.execute()`.
 *
 * What it cannot see (kept simple on purpose): a table held in a variable of another name
 * (`const t = articles; db.update(t)`), SQL text built elsewhere and passed in, a repository object
 * handed over and called from another module, and writes the database makes itself (foreign keys'
 * ON DELETE CASCADE / SET NULL, triggers). Tests, migrations and db/ are outside its files.
 */

const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
const SQL_CALLS = new Set(['raw', 'exec', 'query', 'execute']);
// insert into x | update x | delete from x, the name optionally quoted; `only` is Postgres' own word.
const SQL_WRITE = /\b(insert\s+into|update(?:\s+only)?|delete\s+from(?:\s+only)?)\s+"?([a-z_][a-z0-9_]*)"?/gi;
// The text before a `${table}` placeholder that makes it a write.
const SQL_WRITE_BEFORE_PLACEHOLDER = /\b(insert\s+into|update(?:\s+only)?|delete\s+from(?:\s+only)?)\s+$/i;

export function tableNameOf(exportName) {
  return exportName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function isSchemaSource(source) {
  return typeof source === 'string' && /(^|\/)db\/schema(\/[\w.-]+)?$/.test(source.replace(/\.(js|ts)$/, ''));
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'a table is written only by the module that owns it' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          owners: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['owners'],
        additionalProperties: false,
      },
    ],
    messages: {
      foreignWrite:
        '{{how}} writes table "{{table}}", which only {{owner}} may write: call an operation of its owner (given to this module through its constructor).',
    },
  },
  create(context) {
    const options = context.options[0] ?? { owners: {} };
    const root = options.root ?? context.cwd ?? process.cwd();
    const file = path
      .relative(root, context.filename ?? context.getFilename())
      .split(path.sep)
      .join('/');
    const owners = options.owners;
    /** local name → export name of a schema table; and the local names of `import * as schema`. */
    const tables = new Map();
    const namespaces = new Set();

    const ownedHere = (table) => {
      const owner = owners[table];
      return owner === undefined || file === owner || file.startsWith(`${owner.replace(/\/$/, '')}/`);
    };
    const report = (node, table, how) => {
      if (!ownedHere(table))
        context.report({ node, messageId: 'foreignWrite', data: { how, table, owner: owners[table] } });
    };
    const schemaTableOf = (node) => {
      if (node?.type === 'Identifier' && tables.has(node.name)) return tableNameOf(tables.get(node.name));
      if (
        node?.type === 'MemberExpression' &&
        !node.computed &&
        node.object.type === 'Identifier' &&
        namespaces.has(node.object.name)
      )
        return tableNameOf(node.property.name);
      return null;
    };
    const checkSqlText = (node, quasis, expressions) => {
      quasis.forEach((quasi, index) => {
        const text = quasi.value.cooked ?? quasi.value.raw;
        for (const match of text.matchAll(SQL_WRITE)) report(node, match[2].toLowerCase(), `SQL "${match[1]}"`);
        const before = SQL_WRITE_BEFORE_PLACEHOLDER.exec(text);
        const table = before && index < expressions.length ? schemaTableOf(expressions[index]) : null;
        if (table) report(node, table, `SQL "${before[1]}"`);
      });
    };
    const checkSqlArgument = (argument) => {
      if (argument?.type === 'Literal' && typeof argument.value === 'string')
        checkSqlText(argument, [{ value: { cooked: argument.value } }], []);
      else if (argument?.type === 'TemplateLiteral') checkSqlText(argument, argument.quasis, argument.expressions);
    };

    return {
      ImportDeclaration(node) {
        if (!isSchemaSource(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name);
          else if (specifier.type === 'ImportSpecifier')
            tables.set(specifier.local.name, specifier.imported.name ?? specifier.imported.value);
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (WRITE_METHODS.has(method)) {
          const table = schemaTableOf(node.arguments[0]);
          if (table) report(node, table, `.${method}()`);
        }
        if (SQL_CALLS.has(method)) checkSqlArgument(node.arguments[0]);
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type === 'Identifier' && node.tag.name === 'sql')
          checkSqlText(node.quasi, node.quasi.quasis, node.quasi.expressions);
      },
    };
  },
};
