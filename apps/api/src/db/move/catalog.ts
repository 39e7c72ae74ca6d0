import { ident, type Runner } from './runner.ts';

/** A table of ours: its columns (name and type), the primary key's columns, and which columns are stored generated. */
export type TableInfo = {
  schema: string;
  name: string;
  /** Quoted schema-qualified name. */
  qualified: string;
  columns: { name: string; type: string; generated: boolean }[];
  key: { name: string; type: string }[];
};

/** The tables the app's migrations make (public schema; partitions are read through their parent). */
export async function listTables(db: Runner): Promise<TableInfo[]> {
  const names = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  const tables: TableInfo[] = [];
  for (const { name } of names) {
    tables.push(await tableInfo(db, 'public', name));
  }
  return tables;
}

/** The columns and primary key of one table. */
export async function tableInfo(db: Runner, schema: string, name: string): Promise<TableInfo> {
  const qualified = `${ident(schema)}.${ident(name)}`;
  const columns = await db.query<{ name: string; type: string; generated: string }>(
    `select attname as name, format_type(atttypid, atttypmod) as type, attgenerated as generated from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attname`,
    [qualified],
  );
  const key = await db.query<{ name: string; type: string }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
     from pg_index i cross join lateral unnest(i.indkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
     where i.indrelid = $1::regclass and i.indisprimary order by k.ord`,
    [qualified],
  );
  return { schema, name, qualified, columns: columns.map((c) => ({ ...c, generated: c.generated !== '' })), key };
}

/** Does the database hold anything of ours (a table or sequence in public, the migrations' journal)? */
export async function tablesOfOurs(db: Runner): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S') order by 1`,
  );
  return rows.map((r) => r.name);
}

/** The foreign keys of the public schema (a partition's copies left out: they follow their parent's). */
export async function foreignKeys(db: Runner): Promise<{ table: string; name: string; definition: string }[]> {
  return db.query(
    `select format('%I.%I', n.nspname, c.relname) as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and k.conparentid = 0 order by 1, 2`,
  );
}

export type SequenceInfo = {
  name: string;
  lastValue: number;
  isCalled: boolean;
  increment: number;
  owner: { table: string; column: string } | null;
};

/** The sequences of the public schema, their state, and the column each one numbers. */
export async function sequences(db: Runner): Promise<SequenceInfo[]> {
  const rows = await db.query<{ name: string; increment: number; owner_table: string | null; owner_column: string | null }>(
    `select c.relname as name, s.seqincrement::int as increment, oc.relname as owner_table, a.attname as owner_column
     from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_sequence s on s.seqrelid = c.oid
     left join pg_depend d on d.objid = c.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
     left join pg_class oc on oc.oid = d.refobjid
     left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
     where c.relkind = 'S' and n.nspname = 'public' order by c.relname`,
  );
  const out: SequenceInfo[] = [];
  for (const r of rows) {
    const [state] = await db.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from public.${ident(r.name)}`,
    );
    out.push({
      name: r.name,
      lastValue: Number(state?.last_value ?? 1),
      isCalled: state?.is_called ?? false,
      increment: Number(r.increment),
      owner: r.owner_table && r.owner_column ? { table: r.owner_table, column: r.owner_column } : null,
    });
  }
  return out;
}
