import { PrismaClient } from '@/server/generated/prisma/client.ts';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import { connectDatabase } from './adapter';

/** A Prisma client or an open transaction: services take either as their first argument. */
export type Db = PrismaClient | Prisma.TransactionClient;

export interface Database {
  prisma: PrismaClient;
  /** Disconnects Prisma and releases the embedded database, if any. */
  close: () => Promise<void>;
}

export function createDatabase(url: string, poolSize?: number): Database {
  const connection = connectDatabase(url, poolSize);
  const prisma = new PrismaClient({ adapter: connection.factory });
  return {
    prisma,
    close: async () => {
      await prisma.$disconnect();
      await connection.close();
    },
  };
}

export { PrismaClient };
