#!/usr/bin/env node
// npm run dev: the API restarting on change (port 3000) and Vite with hot reload (port 5173) proxying /api to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@kampus/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@kampus/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
console.log('Open http://demo.localhost:5173 (hot reload) or http://demo.localhost:3000 (API).');
