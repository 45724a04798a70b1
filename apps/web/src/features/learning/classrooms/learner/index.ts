export { ClassroomSessionPicker } from './ClassroomSessionPicker.js';
