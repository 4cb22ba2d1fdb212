/** Shape of the per-language filler used to build realistic carriers around payloads. */

export interface Filler {
  prose: readonly string[];
  pageTitles: readonly string[];
  emailSubjects: readonly string[];
  greetings: readonly string[];
  closings: readonly string[];
  emailLines: readonly string[];
  reviews: readonly string[];
  ticketTitles: readonly string[];
  ticketLines: readonly string[];
  chatLines: readonly string[];
  meetingTitles: readonly string[];
  meetingLines: readonly string[];
  codeComments: readonly string[];
  reportLines: readonly string[];
  readmeIntros: readonly string[];
  readmeLines: readonly string[];
  labels: {
    from: string;
    to: string;
    subject: string;
    date: string;
    note: string;
    description: string;
    reviews: string;
    reporter: string;
    status: string;
    open: string;
    page: string;
    comments: string;
    install: string;
    usage: string;
    license: string;
    notes: string;
    location: string;
    helpful: string;
  };
  csvHeader: readonly string[];
  cities: readonly string[];
  products: readonly string[];
  names: readonly string[];
}
