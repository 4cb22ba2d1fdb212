-- AlterTable
ALTER TABLE "agent_sessions" ALTER COLUMN "api_key_id" DROP NOT NULL;
