-- CreateEnum
CREATE TYPE "mcp_tool_pin_status" AS ENUM ('trusted', 'flagged', 'approved');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "run_kind" ADD VALUE 'proxy';
ALTER TYPE "run_kind" ADD VALUE 'gateway';

-- AlterTable
ALTER TABLE "agent_runs" ADD COLUMN     "caveats" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "continuation_used" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "mcp_tool_pins" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "server" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "definition_hash" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "input_schema" JSONB NOT NULL,
    "approved_hash" TEXT,
    "status" "mcp_tool_pin_status" NOT NULL DEFAULT 'trusted',
    "reason" TEXT,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "approved_at" TIMESTAMPTZ(3),
    "approved_by" TEXT,

    CONSTRAINT "mcp_tool_pins_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "mcp_tool_pins_server_tool_key" ON "mcp_tool_pins"("server", "tool");
