// Public surface of the calendar feature: the router imports only from here.
export { CalendarPage } from './components/calendar-page';
