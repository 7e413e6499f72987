// Europe/Rome days ('YYYY-MM-DD', as the stats API gives them) written for people, in Italian.
// A day is a calendar date, not an instant: it is formatted in UTC so no time zone can move it.

import { dayDate as utc } from '../../../../core/traffic';

const short = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('it-IT', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const long = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const withWeekday = new Intl.DateTimeFormat('it-IT', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '12 mar' */
export function shortDay(day: string): string {
  return short.format(utc(day));
}

/** An x axis label: '12 mar', or 'mar 27' when the chart spans more than about four months. */
export function axisDay(day: string, spanDays: number): string {
  return spanDays > 120 ? monthYear.format(utc(day)) : short.format(utc(day));
}

/** '12 marzo 2027' */
export function longDay(day: string): string {
  return long.format(utc(day));
}

/** 'ven 12 mar 2027', for the table */
export function tableDay(day: string): string {
  return withWeekday.format(utc(day));
}
