import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ScormVersion } from '@kampus/shared';
import yazl from 'yazl';

/**
 * Real SCORM packages made in the tests (and committed as the demo seed's packages): a manifest and a one-page
 * lesson whose script finds the runtime the way packages do (window.parent.API for 1.2, API_1484_11 for 2004),
 * initializes, keeps its place and answers (location, suspend_data), sets a score and a status, commits and finishes.
 */

export type ScormLessonLanguage = 'tr' | 'en';

export interface ScormPackageOptions {
  version: ScormVersion;
  /** Reported as soon as the page opens (the tests); undefined leaves it to the learner's quiz (the demo). */
  score?: number;
  language?: ScormLessonLanguage;
  title?: string;
  /** The launch page the manifest names; the lesson is written there unless `omitLaunch`. */
  launch?: string;
  omitLaunch?: boolean;
  /** The manifest's text instead of the one made here; null leaves imsmanifest.xml out. */
  manifest?: string | null;
  /** `schemaversion` of the manifest made here (e.g. "1.1" for an unknown edition). */
  schemaVersion?: string;
  /** More entries of the zip by path. */
  files?: Record<string, string | Buffer>;
  /** The lesson taught instead of the language's information-security lesson (the demo's own topics). */
  lesson?: Lesson;
}

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Question {
  text: string;
  options: string[];
  correct: number;
}

interface Lesson {
  title: string;
  intro: string;
  sections: [string, string][];
  quizTitle: string;
  questions: Question[];
  submit: string;
  labels: Record<string, string>;
}

const LESSONS: Record<ScormLessonLanguage, Lesson> = {
  tr: {
    title: 'Bilgi Güvenliğinin Temelleri',
    intro:
      'Bu kısa derste her gün karşılaştığımız üç riski ve onlardan korunmanın yollarını öğreneceksiniz. Sonda üç soruluk bir test var; geçmek için en az 70 puan gerekiyor.',
    sections: [
      [
        'Güçlü parolalar',
        'En az 12 karakterli, tahmin edilmesi zor parolalar kullanın. Her hesap için ayrı bir parola seçin ve mümkünse iki adımlı doğrulamayı açın.',
      ],
      [
        'Oltalama e-postaları',
        'Acele ettiren, beklenmedik ek ya da bağlantı içeren e-postalara dikkat edin. Gönderenin adresini kontrol edin; şüphelendiğinizde bilgi güvenliği ekibine bildirin.',
      ],
      [
        'Temiz masa, kilitli ekran',
        'Masanızdan ayrılırken ekranınızı kilitleyin (Windows + L) ve gizli belgeleri açıkta bırakmayın.',
      ],
    ],
    quizTitle: 'Kendinizi sınayın',
    questions: [
      { text: 'Hangisi en güçlü paroladır?', options: ['123456', 'Ahmet1985', 'Mavi-Kedi-Uçar-42!'], correct: 2 },
      {
        text: 'Bankanızdan geldiği söylenen ve “hesabınız 24 saat içinde kapanacak” diyen bir e-posta aldınız. Ne yaparsınız?',
        options: [
          'Bağlantıya tıklayıp bilgilerimi güncellerim',
          'E-postayı bilgi güvenliği ekibine bildiririm',
          'E-postayı iş arkadaşlarıma iletirim',
        ],
        correct: 1,
      },
      {
        text: 'Masanızdan kısa bir süreliğine kalkarken ne yapmalısınız?',
        options: [
          'Ekranımı kilitlerim',
          'Bilgisayarı açık bırakırım, hemen dönerim',
          'Parolamı bir nota yazıp ekrana yapıştırırım',
        ],
        correct: 0,
      },
    ],
    submit: 'Cevapları gönder',
    labels: {
      noApi: 'Öğrenme platformu bulunamadı: ilerlemeniz kaydedilmeyecek.',
      resumed: 'Kaldığınız yerden devam ediyorsunuz.',
      unanswered: 'Lütfen üç soruyu da yanıtlayın.',
      passed: 'Puanınız: {score}/100. Tebrikler, dersi geçtiniz!',
      failed: 'Puanınız: {score}/100. Geçmek için en az 70 puan gerekiyor; tekrar deneyin.',
      saved: 'Puan kaydedildi: {score}',
    },
  },
  en: {
    title: 'Information Security Basics',
    intro:
      'In this short lesson you will learn three risks we meet every day and how to guard against them. A three-question quiz closes it; 70 points pass.',
    sections: [
      [
        'Strong passwords',
        'Use passwords of at least 12 characters that are hard to guess. Pick a different one for every account and turn on two-step verification wherever you can.',
      ],
      [
        'Phishing e-mails',
        'Be wary of e-mails that rush you or carry unexpected attachments or links. Check the sender’s address, and report anything suspicious to the security team.',
      ],
      [
        'Clean desk, locked screen',
        'Lock your screen whenever you leave your desk (Windows + L) and never leave confidential papers in sight.',
      ],
    ],
    quizTitle: 'Test yourself',
    questions: [
      { text: 'Which is the strongest password?', options: ['123456', 'John1985', 'Blue-Cat-Flies-42!'], correct: 2 },
      {
        text: 'An e-mail said to be from your bank warns that “your account closes in 24 hours”. What do you do?',
        options: [
          'Click the link and update my details',
          'Report it to the security team',
          'Forward it to my colleagues',
        ],
        correct: 1,
      },
      {
        text: 'What should you do when you step away from your desk for a moment?',
        options: ['Lock my screen', 'Leave the computer open, I will be right back', 'Stick my password on the screen'],
        correct: 0,
      },
    ],
    submit: 'Submit answers',
    labels: {
      noApi: 'No learning platform found: your progress will not be saved.',
      resumed: 'Welcome back: you are where you left off.',
      unanswered: 'Please answer all three questions.',
      passed: 'Your score: {score}/100. Well done, you passed!',
      failed: 'Your score: {score}/100. You need 70 to pass; try again.',
      saved: 'Score saved: {score}',
    },
  },
};

function lessonHtml(options: ScormPackageOptions, language: ScormLessonLanguage, depth: number): string {
  const lesson = options.lesson ?? LESSONS[language];
  const title = options.title ?? lesson.title;
  const up = '../'.repeat(depth);
  const sections = lesson.sections
    .map(
      ([heading, text], i) =>
        `<section><span class="step">${i + 1}</span><h2>${esc(heading)}</h2><p>${esc(text)}</p></section>`,
    )
    .join('\n      ');
  const questions = lesson.questions
    .map(
      (q, i) => `<fieldset data-correct="${q.correct}">
          <legend>${i + 1}. ${esc(q.text)}</legend>
          ${q.options.map((o, j) => `<label><input type="radio" name="q${i}" value="${j}"> ${esc(o)}</label>`).join('\n          ')}
        </fieldset>`,
    )
    .join('\n        ');
  const auto = options.score === undefined ? '' : ` data-auto-score="${options.score}"`;
  return `<!doctype html>
<html lang="${language}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${esc(title)}</title>
  <link rel="stylesheet" href="${up}assets/lesson.css">
</head>
<body data-version="${options.version}"${auto} data-labels="${esc(JSON.stringify(lesson.labels))}">
  <main>
    <header>
      <p class="eyebrow">SCORM ${options.version}</p>
      <h1>${esc(title)}</h1>
      <p class="intro">${esc(lesson.intro)}</p>
    </header>
    <p id="status" role="status" aria-live="polite"></p>
    <div class="sections">
      ${sections}
    </div>
    <form id="quiz">
      <h2>${esc(lesson.quizTitle)}</h2>
        ${questions}
      <button type="submit">${esc(lesson.submit)}</button>
      <p id="result" role="status" aria-live="polite"></p>
    </form>
  </main>
  <script src="${up}assets/lesson.js"></script>
</body>
</html>
`;
}

const LESSON_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f4f6fb}
main{max-width:760px;margin:0 auto;padding:32px 20px 48px}
header{background:linear-gradient(135deg,#1864ab,#5f3dc4);color:#fff;border-radius:16px;padding:28px 28px 24px}
.eyebrow{margin:0;font-size:12px;letter-spacing:.12em;text-transform:uppercase}
h1{margin:6px 0 8px;font-size:28px;line-height:1.25}
.intro{margin:0;opacity:.95}
#status{min-height:1.6em;margin:16px 4px 0;color:#1864ab;font-weight:600}
.sections{display:grid;gap:14px;margin:8px 0 24px}
section{position:relative;background:#fff;border-radius:12px;padding:18px 20px 16px 64px;box-shadow:0 1px 3px rgba(16,24,40,.08)}
.step{position:absolute;left:20px;top:18px;width:30px;height:30px;border-radius:50%;background:#e7f5ff;color:#1864ab;font-weight:700;display:grid;place-items:center}
section h2{margin:0 0 4px;font-size:18px}
section p{margin:0;color:#3e4c59}
form{background:#fff;border-radius:12px;padding:20px 24px;box-shadow:0 1px 3px rgba(16,24,40,.08)}
form h2{margin:0 0 12px;font-size:20px}
fieldset{border:1px solid #d9e2ec;border-radius:10px;margin:0 0 14px;padding:12px 16px}
legend{font-weight:600;padding:0 6px}
label{display:flex;gap:10px;align-items:center;padding:6px 4px;cursor:pointer}
button{font:inherit;font-weight:600;color:#fff;background:#1864ab;border:0;border-radius:8px;padding:10px 20px;cursor:pointer}
button:hover{background:#145591}
#result{min-height:1.6em;margin:12px 0 0;font-weight:600}
#result.passed{color:#2f7d32}
#result.failed{color:#c92a2a}
@media (max-width:480px){h1{font-size:23px}section{padding-left:20px;padding-top:54px}}
`;

/** The lesson's script: SCORM calls through one table, so the same page runs on both editions. */
const LESSON_JS = `(function () {
  'use strict';
  var body = document.body;
  var version = body.getAttribute('data-version');
  var labels = JSON.parse(body.getAttribute('data-labels'));
  var is12 = version === '1.2';
  var calls = is12
    ? { init: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish' }
    : { init: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate' };
  var el = is12
    ? { location: 'cmi.core.lesson_location', status: 'cmi.core.lesson_status', raw: 'cmi.core.score.raw',
        min: 'cmi.core.score.min', max: 'cmi.core.score.max', exit: 'cmi.core.exit' }
    : { location: 'cmi.location', status: 'cmi.completion_status', raw: 'cmi.score.raw',
        min: 'cmi.score.min', max: 'cmi.score.max', exit: 'cmi.exit' };
  var PASS = 70;
  var finished = false;
  var statusEl = document.getElementById('status');
  var resultEl = document.getElementById('result');
  var form = document.getElementById('quiz');

  // The runtime lives on a window above this one (the LMS's player), as the SCORM run-time specification says.
  function findApi(win) {
    var name = is12 ? 'API' : 'API_1484_11';
    for (var hops = 0; win && hops < 10; hops++) {
      try { if (win[name]) return win[name]; } catch (e) { return null; }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findApi(window);
  function call(name, a, b) { return api ? api[calls[name]](a === undefined ? '' : a, b) : ''; }
  function set(element, value) { return call('set', element, String(value)); }
  function say(target, text, kind) { target.textContent = text; target.className = kind || ''; }

  function answers() {
    return Array.prototype.map.call(form.querySelectorAll('fieldset'), function (fieldset) {
      var chosen = fieldset.querySelector('input:checked');
      return chosen ? Number(chosen.value) : -1;
    });
  }
  function restore(saved) {
    saved.forEach(function (value, i) {
      var input = form.querySelector('input[name="q' + i + '"][value="' + value + '"]');
      if (input) input.checked = true;
    });
  }
  function scoreOf(given) {
    var fieldsets = form.querySelectorAll('fieldset');
    var right = 0;
    given.forEach(function (value, i) { if (value === Number(fieldsets[i].getAttribute('data-correct'))) right++; });
    return Math.round((right / fieldsets.length) * 100);
  }

  // Keeps the place and the answers so far: a learner who leaves comes back to them.
  function bookmark(place) {
    set(el.location, place);
    call('set', 'cmi.suspend_data', JSON.stringify({ answers: answers() }));
    set(el.exit, 'suspend');
    call('commit');
  }

  function report(score) {
    var passed = score >= PASS;
    set(el.raw, score); set(el.min, 0); set(el.max, 100);
    if (is12) {
      set(el.status, passed ? 'passed' : 'failed');
    } else {
      set('cmi.score.scaled', score / 100);
      set('cmi.success_status', passed ? 'passed' : 'failed');
      set(el.status, passed ? 'completed' : 'incomplete');
      set('cmi.progress_measure', passed ? 1 : 0.5);
    }
    set(el.location, 'quiz');
    call('set', 'cmi.suspend_data', JSON.stringify({ answers: answers() }));
    set(el.exit, passed ? '' : 'suspend');
    call('commit');
    say(resultEl, labels[passed ? 'passed' : 'failed'].replace('{score}', score), passed ? 'passed' : 'failed');
    say(statusEl, labels.saved.replace('{score}', score));
    if (passed) { call('finish'); finished = true; }
  }

  if (!api) { say(statusEl, labels.noApi); }
  else {
    call('init');
    var status = call('get', el.status);
    if (status === 'not attempted' || status === 'unknown' || status === '') set(el.status, 'incomplete');
    var suspend = call('get', 'cmi.suspend_data');
    if (suspend) {
      try { restore(JSON.parse(suspend).answers || []); } catch (e) { /* older data: start afresh */ }
      say(statusEl, labels.resumed);
    }
    call('commit');
  }

  form.addEventListener('change', function () { if (api && !finished) bookmark('quiz'); });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (finished) return;
    var given = answers();
    if (given.indexOf(-1) !== -1) { say(resultEl, labels.unanswered, 'failed'); return; }
    report(scoreOf(given));
  });
  window.addEventListener('pagehide', function () { if (api && !finished) { call('commit'); call('finish'); finished = true; } });

  var auto = body.getAttribute('data-auto-score');
  if (api && auto !== null) report(Number(auto));
})();
`;

/** The manifest buildScormPackage writes for these options. */
export function buildScormManifest(options: ScormPackageOptions): string {
  const language = options.language ?? 'en';
  return manifestXml(
    options,
    options.title ?? (options.lesson ?? LESSONS[language]).title,
    options.launch ?? 'index.html',
  );
}

function manifestXml(options: ScormPackageOptions, title: string, launch: string): string {
  const id = `kampus-${options.version.replace('.', '')}-${Math.abs(hash(title)).toString(36)}`;
  if (options.version === '1.2') {
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${options.schemaVersion ?? '1.2'}</schemaversion>
  </metadata>
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>${esc(title)}</title>
      <item identifier="item-1" identifierref="sco-1" isvisible="true">
        <title>${esc(title)}</title>
        <adlcp:masteryscore>70</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-1" type="webcontent" adlcp:scormtype="sco" href="${esc(launch)}">
      <file href="${esc(launch)}"/>
      <file href="assets/lesson.css"/>
      <file href="assets/lesson.js"/>
    </resource>
  </resources>
</manifest>
`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${options.schemaVersion ?? '2004 4th Edition'}</schemaversion>
  </metadata>
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>${esc(title)}</title>
      <item identifier="item-1" identifierref="sco-1">
        <title>${esc(title)}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="quiz" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-1" type="webcontent" adlcp:scormType="sco" href="${esc(launch)}">
      <file href="${esc(launch)}"/>
      <file href="assets/lesson.css"/>
      <file href="assets/lesson.js"/>
    </resource>
  </resources>
</manifest>
`;
}

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (Math.imul(h, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return h;
}

/** A SCORM zip: manifest, lesson page, its stylesheet and script (under assets/), and any extra files. */
export async function buildScormPackage(options: ScormPackageOptions): Promise<Buffer> {
  const language = options.language ?? 'en';
  const title = options.title ?? (options.lesson ?? LESSONS[language]).title;
  const launch = options.launch ?? 'index.html';
  const zip = new yazl.ZipFile();
  // A fixed time keeps the committed demo zips byte-identical when they are built again.
  const mtime = new Date(Date.UTC(2026, 0, 1));
  const add = (path: string, data: string | Buffer) =>
    zip.addBuffer(typeof data === 'string' ? Buffer.from(data) : data, path, { mtime });
  const manifest = options.manifest === undefined ? manifestXml(options, title, launch) : options.manifest;
  if (manifest !== null) add('imsmanifest.xml', manifest);
  const launchPath = launch.split(/[?#]/)[0] ?? launch;
  if (!options.omitLaunch) add(launchPath, lessonHtml(options, language, launchPath.split('/').length - 1));
  add('assets/lesson.css', LESSON_CSS);
  add('assets/lesson.js', LESSON_JS);
  for (const [path, data] of Object.entries(options.files ?? {})) add(path, data);
  zip.end();
  return buffer(zip.outputStream);
}

/**
 * The zip with one entry's name changed in place (its local header and central directory), for names a zip writer
 * refuses to write: `../x`, `/x`, `C:x`, backslashes. Both names must have the same length.
 */
export function renameZipEntry(zip: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('names must have the same length');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  let at = out.indexOf(needle);
  let replaced = 0;
  while (at !== -1) {
    Buffer.from(to).copy(out, at);
    replaced += 1;
    at = out.indexOf(needle, at + needle.length);
  }
  if (replaced === 0) throw new Error(`no entry named ${from}`);
  return out;
}

/** The demo's lessons, on the topics of the educations they are parts of (seed/content.ts, educations-data.ts). */
const DEMO_LESSONS: Record<ScormVersion, Lesson> = {
  '1.2': {
    ...LESSONS.tr,
    title: 'İş sağlığı ve güvenliği',
    intro:
      'Bu kısa derste iş yerinde en sık karşılaşılan üç tehlikeyi ve onlardan nasıl korunacağınızı öğreneceksiniz. Sonda üç soruluk bir test var; geçmek için en az 70 puan gerekiyor.',
    sections: [
      [
        'Kayma, takılma, düşme',
        'Yürüme yollarını kablo ve kutulardan arındırın; dökülen sıvıyı hemen temizleyin ya da işaretleyin. Merdivenlerde tırabzanı tutun.',
      ],
      [
        'Yangın ve acil durum',
        'Acil çıkışları ve yangın söndürücülerin yerini bilin, çıkışların önünü kapatmayın. Alarm çaldığında asansörü değil merdiveni kullanın ve toplanma alanına gidin.',
      ],
      [
        'Ergonomi',
        'Ekranın üst kenarı göz hizasında, dirsekleriniz 90 derece olsun. Her saat birkaç dakika kalkıp yürüyün ve gözlerinizi dinlendirin.',
      ],
    ],
    questions: [
      {
        text: 'Koridorda yere dökülmüş bir sıvı gördünüz. Ne yaparsınız?',
        options: ['Üzerinden atlayıp geçerim', 'Temizlerim ya da işaretleyip haber veririm', 'Kuruyana kadar beklerim'],
        correct: 1,
      },
      {
        text: 'Yangın alarmı çaldığında binadan nasıl çıkarsınız?',
        options: ['Asansörle', 'Merdivenle, toplanma alanına giderek', 'Önce masamı toplarım, sonra çıkarım'],
        correct: 1,
      },
      {
        text: 'Ekranınızın yüksekliği nasıl olmalı?',
        options: ['Üst kenarı göz hizasında', 'Masanın üzerinde, aşağı bakacak şekilde', 'Göz hizasının çok üstünde'],
        correct: 0,
      },
    ],
  },
  '2004': {
    ...LESSONS.en,
    title: 'Customer service essentials',
    intro:
      'In this short lesson you will learn three habits that turn a complaint into a loyal customer. A three-question quiz closes it; 70 points pass.',
    sections: [
      [
        'Listen first',
        'Let the customer finish before you answer. Repeat what you heard in your own words so they know you understood.',
      ],
      [
        'Show empathy',
        'Acknowledge how the customer feels before you explain anything. “I understand how frustrating this is” costs nothing and calms most conversations.',
      ],
      [
        'Follow up',
        'Say what happens next and by when, then do it. Close the loop with a short message once the issue is solved.',
      ],
    ],
    questions: [
      {
        text: 'A customer calls, upset about a late delivery. What do you do first?',
        options: [
          'Explain the company’s delivery policy',
          'Let them finish and repeat the problem back',
          'Transfer the call',
        ],
        correct: 1,
      },
      {
        text: 'Which sentence shows empathy?',
        options: [
          'That is not my department.',
          'I understand how frustrating this is.',
          'You should have read the terms.',
        ],
        correct: 1,
      },
      {
        text: 'The issue is solved. What is left?',
        options: ['A short follow-up message to the customer', 'Nothing', 'Closing the ticket without a word'],
        correct: 0,
      },
    ],
  },
};

/** The demo seed's packages (apps/api/src/db/seed/media): a Turkish 1.2 lesson and an English 2004 one, quiz left to the learner. */
export function buildDemoScormPackage(version: ScormVersion): Promise<Buffer> {
  return buildScormPackage({ version, language: version === '1.2' ? 'tr' : 'en', lesson: DEMO_LESSONS[version] });
}

export const DEMO_SCORM_FILES: Record<ScormVersion, string> = {
  '1.2': 'src/db/seed/media/scorm-12-demo.zip',
  '2004': 'src/db/seed/media/scorm-2004-demo.zip',
};

// `npx tsx apps/api/test/scorm-packages.ts` writes the demo packages again after the lesson changes.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const version of ['1.2', '2004'] as const) {
    const file = path.resolve(fileURLToPath(import.meta.url), '../..', DEMO_SCORM_FILES[version]);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await buildDemoScormPackage(version));
    console.log(`wrote ${file}`);
  }
}
