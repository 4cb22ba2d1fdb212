import Link from "next/link";
import { routing } from "@/i18n/routing";

/**
 * 404 for addresses outside any locale (for example `/missing.txt`, which the proxy does not prefix).
 * No locale is known here, so it speaks the default locale and links to the locale negotiation at `/`.
 */
export default function GlobalNotFound() {
  return (
    <html lang={routing.defaultLocale}>
      <body className="min-h-screen bg-white font-sans text-slate-900">
        <main className="mx-auto max-w-xl px-4 py-16">
          <h1 className="text-2xl font-semibold">Page not found</h1>
          <p className="mt-2 text-slate-700">There is no page at this address.</p>
          <p className="mt-6">
            <Link className="text-blue-800 underline underline-offset-2" href="/">
              Back to Keel
            </Link>
          </p>
        </main>
      </body>
    </html>
  );
}
