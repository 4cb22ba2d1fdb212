/** Class names of the three button weights the console uses (pair with aria-disabled for busy states). */
export const buttonClass = {
  primary:
    "inline-flex items-center justify-center rounded bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 aria-disabled:cursor-progress aria-disabled:opacity-70",
  secondary:
    "inline-flex items-center justify-center rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-disabled:cursor-progress aria-disabled:opacity-70",
  danger:
    "inline-flex items-center justify-center rounded bg-red-800 px-4 py-2 text-sm font-medium text-white hover:bg-red-900 aria-disabled:cursor-progress aria-disabled:opacity-70",
  dangerOutline:
    "inline-flex items-center justify-center rounded border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 aria-disabled:cursor-progress aria-disabled:opacity-70",
} as const;
