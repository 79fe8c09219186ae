// Offline Prisma Migrate: drives Prisma's schema engine compiled to WebAssembly through a driver adapter,
// because the native engine the prisma CLI would download cannot be fetched on our machines. It writes the
// standard prisma/migrations layout and the same _prisma_migrations table as the native engine.
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  bindMigrationAwareSqlAdapterFactory,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import type * as SchemaEngineBg from '@prisma/schema-engine-wasm/schema_engine_bg';
import { PG_CHAR_TAG } from './char-safe-pool';

type SchemaEngineRuntime = typeof SchemaEngineBg;
type ErrorRegistry = { consumeError: (id: number) => { error: unknown } | undefined };

// The engine reports Rust panics through this global, as the prisma CLI does.
const panicRegistry = {
  message: '',
  set_message(m: string) {
    this.message = m;
  },
};
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: typeof panicRegistry }).PRISMA_WASM_PANIC_REGISTRY ??=
  panicRegistry;

let engineClass: Promise<typeof SchemaEngine> | undefined;

function loadSchemaEngineClass(): Promise<typeof SchemaEngine> {
  engineClass ??= (async () => {
    const runtime: SchemaEngineRuntime = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    // The package's exports hide the .wasm file: resolve an exported file and take its folder.
    const pkgDir = path.dirname(
      createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg'),
    );
    const module = await WebAssembly.compile(await fs.readFile(path.join(pkgDir, 'schema_engine_bg.wasm')));
    // The engine arms a 10 s advisory-lock timer it never clears; unref it so short scripts exit at once.
    const imports: Record<string, unknown> = { ...runtime };
    for (const name of Object.keys(runtime).filter((k) => k.startsWith('__wbg_setTimeout_'))) {
      const original = runtime[name as keyof SchemaEngineRuntime] as (...args: unknown[]) => NodeJS.Timeout;
      imports[name] = (...args: unknown[]) => {
        const timer = original(...args);
        timer?.unref?.();
        return timer;
      };
    }
    const instance = await WebAssembly.instantiate(module, {
      './schema_engine_bg.js': imports,
    } as WebAssembly.Imports);
    runtime.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return runtime.SchemaEngine;
  })();
  return engineClass;
}

export interface SchemaFile {
  path: string;
  content: string;
}

export type OfflineSchemaEngine = SchemaEngine & { dispose: () => Promise<void> };

export async function createSchemaEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  schemaFiles: SchemaFile[] = [],
): Promise<OfflineSchemaEngine> {
  const Engine = await loadSchemaEngineClass();
  const opened: SqlDriverAdapter[] = [];
  const bound = bindMigrationAwareSqlAdapterFactory(trackingFactory(factory, opened));
  const registry = (bound as unknown as { errorRegistry: ErrorRegistry }).errorRegistry;
  const datamodels = schemaFiles.length ? schemaFiles.map((f) => [f.path, f.content]) : undefined;
  let engine: SchemaEngine;
  try {
    engine = await Engine.new({ datamodels } as never, () => undefined, bound);
  } catch (error) {
    throw unwrapEngineError(registry, error);
  }
  const dispose = async () => {
    try {
      engine.free();
    } catch {
      // Already freed.
    }
    await Promise.allSettled(opened.map((adapter) => adapter.dispose()));
  };
  // Every call goes through a proxy so errors raised inside the adapter surface with their real message.
  return new Proxy(engine, {
    get(target, prop) {
      if (prop === 'dispose') return dispose;
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          throw unwrapEngineError(registry, error);
        }
      };
    },
  }) as OfflineSchemaEngine;
}

/** Remembers every connection the engine opens (to dispose them) and restores tagged "char" columns. */
function trackingFactory(
  factory: SqlMigrationAwareDriverAdapterFactory,
  opened: SqlDriverAdapter[],
): SqlMigrationAwareDriverAdapterFactory {
  const patch = (adapter: SqlDriverAdapter) => {
    opened.push(adapter);
    const queryRaw = adapter.queryRaw.bind(adapter);
    adapter.queryRaw = async (query) => {
      const result = await queryRaw(query);
      result.columnNames = result.columnNames.map((name, i) => {
        if (!name.endsWith(PG_CHAR_TAG)) return name;
        result.columnTypes[i] = ColumnTypeEnum.Character;
        return name.slice(0, -PG_CHAR_TAG.length);
      });
      return result;
    };
    return adapter;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => patch(await factory.connect()),
    connectToShadowDb: async () => patch(await factory.connectToShadowDb()),
  };
}

function unwrapEngineError(registry: ErrorRegistry, error: unknown): Error {
  if (error instanceof Error && error.name === 'RuntimeError' && panicRegistry.message) {
    return new Error(`schema engine panic: ${panicRegistry.message}`);
  }
  const message = String((error as { message?: unknown })?.message ?? error);
  // Errors raised in JavaScript by the adapter are parked in the registry; the engine reports only their id.
  const id = /External error id#(\d+)/.exec(message)?.[1];
  const record = id ? registry.consumeError(Number(id)) : undefined;
  if (record) {
    const inner = record.error instanceof Error ? record.error : new Error(JSON.stringify(record.error));
    return new Error(`${message.split('\n')[0]}\n  caused by: ${inner.message}`, { cause: inner });
  }
  const code = (error as { code?: string })?.code;
  return error instanceof Error ? error : new Error(code ? `${code}: ${message}` : message);
}
