/** An error code's HTTP status and its message in each language the apps speak. */
export interface ErrorEntry {
  status: number;
  en: string;
  my: string;
}
