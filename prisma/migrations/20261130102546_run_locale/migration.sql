-- AlterTable
ALTER TABLE "agent_runs" ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'en';

-- Hand-written (listed in prisma/manual-objects.txt).
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_locale_known" CHECK ("locale" IN ('de', 'en', 'it'));
