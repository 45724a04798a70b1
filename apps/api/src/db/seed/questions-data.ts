import type { QuestionDifficulty, QuestionType } from '@kampus/shared';
import type { CategoryKey } from './educations-data.js';

/**
 * The demo question bank (issue 15): the demo educations' topics, each question in Turkish and English. A spec is
 * written as the import sheet reads it: options `|`-separated with `*` before the right ones (ordering: the right
 * order; matching: `item = match`), true/false `true|false`, short text the accepted answers `|`-separated, numeric
 * `value~tolerance`, open-ended the grader's guidance.
 */
export interface SeedQuestionText {
  text: string;
  spec: string;
  explanation?: string;
}

export interface SeedQuestion {
  topic: Topic;
  type: QuestionType;
  difficulty: QuestionDifficulty;
  points: number;
  tr: SeedQuestionText;
  en: SeedQuestionText;
}

export type Topic = 'security' | 'privacy' | 'safety' | 'sales' | 'leadership' | 'service';

/** Where each topic's questions sit in the education categories, and the hashtag they carry. */
export const TOPICS: Record<Topic, { category: CategoryKey; hashtag: string }> = {
  security: { category: 'security', hashtag: 'security' },
  privacy: { category: 'security', hashtag: 'privacy' },
  safety: { category: 'safety', hashtag: 'safety' },
  sales: { category: 'sales', hashtag: 'sales' },
  leadership: { category: 'leadership', hashtag: 'leadership' },
  service: { category: 'sales', hashtag: 'communication' },
};

const q = (
  topic: Topic,
  type: QuestionType,
  difficulty: QuestionDifficulty,
  points: number,
  tr: SeedQuestionText,
  en: SeedQuestionText,
): SeedQuestion => ({ topic, type, difficulty, points, tr, en });

export const SEED_QUESTIONS: SeedQuestion[] = [
  // --- Information security ---
  q(
    'security',
    'single',
    'easy',
    1,
    {
      text: 'Aşağıdakilerden hangisi en güçlü paroladır?',
      spec: '123456|Ankara2024|*Mavi-Kedi!Koşar_7|parola',
      explanation: 'Uzun ve harf, rakam, sembol karışık parolalar en zor tahmin edilenlerdir.',
    },
    {
      text: 'Which of these is the strongest password?',
      spec: '123456|London2024|*Blue-Cat!Runs_7|password',
      explanation: 'Long passwords mixing letters, digits and symbols are the hardest to guess.',
    },
  ),
  q(
    'security',
    'multiple',
    'medium',
    2,
    {
      text: 'Hangileri oltalama (phishing) e-postasının belirtileridir?',
      spec: '*Acil işlem yapmanızı isteyen bir dil|*Şirket alan adına benzeyen ama farklı bir gönderen|Yöneticinizin her zamanki imzası|*Parolanızı ya da kart bilginizi isteyen bir bağlantı',
      explanation: 'Aciliyet, sahte gönderen ve bilgi isteyen bağlantılar oltalamanın tipik işaretleridir.',
    },
    {
      text: 'Which of these are signs of a phishing email?',
      spec: '*Language pushing you to act urgently|*A sender address that looks like the company domain but differs|Your manager’s usual signature|*A link asking for your password or card details',
      explanation: 'Urgency, a look-alike sender and links asking for credentials are typical phishing signs.',
    },
  ),
  q(
    'security',
    'true_false',
    'easy',
    1,
    {
      text: 'BT destek ekibi telefonla isterse parolanızı paylaşabilirsiniz.',
      spec: 'false',
      explanation: 'BT ekibi parolanızı hiçbir zaman sormaz; böyle bir istek sosyal mühendislik girişimidir.',
    },
    {
      text: 'You may tell IT support your password if they ask on the phone.',
      spec: 'false',
      explanation: 'IT never asks for your password; such a request is social engineering.',
    },
  ),
  q(
    'security',
    'short_text',
    'medium',
    1,
    {
      text: 'Parolanın yanında ikinci bir doğrulama adımı isteyen yöntemin kısaltması nedir?',
      spec: '2FA|MFA|iki faktörlü doğrulama',
      explanation: 'İki (ya da çok) faktörlü doğrulama, parola çalınsa bile hesabı korur.',
    },
    {
      text: 'What is the abbreviation for signing in with a second step besides the password?',
      spec: '2FA|MFA|two-factor authentication',
      explanation: 'Two- (or multi-) factor authentication protects the account even if the password leaks.',
    },
  ),
  q(
    'security',
    'ordering',
    'medium',
    2,
    {
      text: 'Şüpheli bir e-postaya tıkladığınızı fark ettiniz. Adımları sıraya koyun.',
      spec: 'Bilgisayarın ağ bağlantısını kesin|BT güvenlik ekibine hemen bildirin|Parolanızı başka bir cihazdan değiştirin|Ekibin talimatlarını izleyin',
      explanation: 'Önce yayılmayı durdurun, sonra haber verin; parola değişikliği temiz bir cihazdan yapılmalıdır.',
    },
    {
      text: 'You realise you clicked a suspicious email. Put the steps in order.',
      spec: 'Disconnect the computer from the network|Report it to the IT security team at once|Change your password from another device|Follow the team’s instructions',
      explanation: 'Stop the spread first, then report; change the password from a clean device.',
    },
  ),
  q(
    'security',
    'matching',
    'hard',
    3,
    {
      text: 'Her tehdidi tanımıyla eşleştirin.',
      spec: 'Oltalama = Sahte mesajla bilgi toplama|Fidye yazılımı = Dosyaları şifreleyip para isteme|Omuz sörfü = Ekrana bakarak bilgi çalma|Kuyruk takibi = Kartsız birinin arkanızdan içeri girmesi',
    },
    {
      text: 'Match each threat with its description.',
      spec: 'Phishing = Collecting data with a fake message|Ransomware = Encrypting files and demanding payment|Shoulder surfing = Stealing data by watching a screen|Tailgating = Someone without a badge entering behind you',
    },
  ),
  q(
    'security',
    'single',
    'medium',
    1,
    {
      text: 'Masanızdan kısa bir süre için kalkarken ne yapmalısınız?',
      spec: 'Hiçbir şey, hemen döneceğim|*Ekranı kilitlemeliyim (Windows + L)|Monitörü kapatmalıyım|Tarayıcıyı küçültmeliyim',
      explanation: 'Kilitlenmemiş bir ekran, birkaç saniyede kötüye kullanılabilir.',
    },
    {
      text: 'What should you do when you leave your desk for a short while?',
      spec: 'Nothing, I will be right back|*Lock the screen (Windows + L)|Switch off the monitor|Minimise the browser',
      explanation: 'An unlocked screen can be misused within seconds.',
    },
  ),
  q(
    'security',
    'true_false',
    'easy',
    1,
    {
      text: 'Yerde bulduğunuz bir USB belleği içinde ne olduğunu görmek için bilgisayarınıza takmalısınız.',
      spec: 'false',
      explanation: 'Bilinmeyen USB bellekler zararlı yazılım taşıyabilir; BT ekibine teslim edin.',
    },
    {
      text: 'You should plug a USB stick you found on the floor into your computer to see what is on it.',
      spec: 'false',
      explanation: 'Unknown USB sticks can carry malware; hand them to IT.',
    },
  ),
  q(
    'security',
    'numeric',
    'hard',
    2,
    {
      text: 'Şirket politikasına göre bir parola en az kaç karakter olmalıdır?',
      spec: '12~0',
      explanation: 'Politika en az 12 karakter ister; uzunluk, karmaşıklıktan daha çok koruma sağlar.',
    },
    {
      text: 'Under the company policy, how many characters must a password have at least?',
      spec: '12~0',
      explanation: 'The policy asks for at least 12 characters; length protects more than complexity.',
    },
  ),
  q(
    'security',
    'open',
    'hard',
    5,
    {
      text: 'Bir meslektaşınız parolasını bir not kâğıdına yazıp monitörüne yapıştırmış. Ona ne söylerdiniz ve neden?',
      spec: 'Riski somut anlatır, suçlamadan konuşur, parola yöneticisi ve parolanın değiştirilmesini önerir.',
    },
    {
      text: 'A colleague wrote their password on a sticky note on their monitor. What would you tell them, and why?',
      spec: 'Explains the concrete risk, speaks without blaming, suggests a password manager and changing the password.',
    },
  ),

  // --- Data protection (KVKK / GDPR) ---
  q(
    'privacy',
    'short_text',
    'easy',
    1,
    {
      text: 'Türkiye’deki Kişisel Verilerin Korunması Kanunu’nun kısaltması nedir?',
      spec: 'KVKK|6698',
      explanation: '6698 sayılı Kanun kısaca KVKK olarak anılır.',
    },
    {
      text: 'What is the abbreviation of the EU General Data Protection Regulation?',
      spec: 'GDPR',
      explanation: 'The General Data Protection Regulation is known as GDPR.',
    },
  ),
  q(
    'privacy',
    'multiple',
    'medium',
    2,
    {
      text: 'Hangileri özel nitelikli kişisel veridir?',
      spec: '*Sağlık bilgileri|*Biyometrik veriler|E-posta adresi|*Din ve mezhep bilgisi',
      explanation: 'Sağlık, biyometrik ve inanç bilgileri özel nitelikli veridir ve daha sıkı korunur.',
    },
    {
      text: 'Which of these are special categories of personal data?',
      spec: '*Health information|*Biometric data|Email address|*Religious beliefs',
      explanation: 'Health, biometric and belief data are special categories and need stronger protection.',
    },
  ),
  q(
    'privacy',
    'numeric',
    'hard',
    2,
    {
      text: 'Bir veri ihlali, öğrenildikten sonra en geç kaç saat içinde Kurul’a bildirilmelidir?',
      spec: '72~0',
      explanation: 'İhlal, öğrenilmesinden itibaren en geç 72 saat içinde bildirilmelidir.',
    },
    {
      text: 'Within how many hours of becoming aware must a data breach be reported to the authority?',
      spec: '72~0',
      explanation: 'A breach must be reported within 72 hours of becoming aware of it.',
    },
  ),
  q(
    'privacy',
    'true_false',
    'medium',
    1,
    {
      text: 'Müşteri verilerini kişisel e-posta adresinize göndermeniz, evden çalışırken kabul edilebilir.',
      spec: 'false',
      explanation: 'Kişisel veriler yalnızca şirketin onaylı sistemlerinde işlenebilir.',
    },
    {
      text: 'Sending customer data to your personal email is acceptable when you work from home.',
      spec: 'false',
      explanation: 'Personal data may only be processed in the company’s approved systems.',
    },
  ),
  q(
    'privacy',
    'single',
    'medium',
    1,
    {
      text: 'Veri minimizasyonu ilkesi ne anlama gelir?',
      spec: 'Verileri olabildiğince küçük dosyalarda saklamak|*Yalnızca amaç için gerekli olan veriyi toplamak|Verileri yılda bir silmek|Verileri şifrelemek',
      explanation: 'Amaçla bağlantılı, sınırlı ve ölçülü veri toplanmalıdır.',
    },
    {
      text: 'What does the principle of data minimisation mean?',
      spec: 'Storing data in files as small as possible|*Collecting only the data needed for the purpose|Deleting data once a year|Encrypting data',
      explanation: 'Collect only data that is relevant, limited and necessary for the purpose.',
    },
  ),
  q(
    'privacy',
    'matching',
    'medium',
    3,
    {
      text: 'Her kavramı karşılığıyla eşleştirin.',
      spec: 'Veri sorumlusu = İşleme amacını ve araçlarını belirleyen|Veri işleyen = Sorumlu adına veriyi işleyen|İlgili kişi = Verisi işlenen gerçek kişi|Açık rıza = Bilgilendirilmiş, özgür iradeyle verilen onay',
    },
    {
      text: 'Match each term with its meaning.',
      spec: 'Data controller = Decides the purpose and means of processing|Data processor = Processes data on the controller’s behalf|Data subject = The person whose data is processed|Explicit consent = Informed approval given freely',
    },
  ),
  q(
    'privacy',
    'ordering',
    'hard',
    2,
    {
      text: 'Bir ilgili kişinin verilerine erişim başvurusunu ele alma adımlarını sıraya koyun.',
      spec: 'Başvuruyu kayda alın|Başvuranın kimliğini doğrulayın|Kişiye ait verileri toplayın|Yanıtı yasal süre içinde gönderin',
    },
    {
      text: 'Put the steps for handling a data subject access request in order.',
      spec: 'Log the request|Verify the requester’s identity|Collect the person’s data|Send the reply within the legal deadline',
    },
  ),
  q(
    'privacy',
    'numeric',
    'medium',
    2,
    {
      text: 'KVKK’ya göre veri sahibinin başvurusu en geç kaç gün içinde yanıtlanmalıdır?',
      spec: '30~0',
      explanation: 'Başvurular en geç otuz gün içinde ücretsiz olarak sonuçlandırılır.',
    },
    {
      text: 'Under GDPR, within how many days must a data subject’s request normally be answered?',
      spec: '30~1',
      explanation: 'The deadline is one month, roughly 30 days.',
    },
  ),
  q(
    'privacy',
    'true_false',
    'easy',
    1,
    {
      text: 'Aydınlatma metni, veriler toplanırken kişiye verilmelidir.',
      spec: 'true',
      explanation: 'Aydınlatma yükümlülüğü, verinin elde edildiği anda yerine getirilir.',
    },
    {
      text: 'The privacy notice must be given to people when their data is collected.',
      spec: 'true',
      explanation: 'The duty to inform applies at the time data is collected.',
    },
  ),
  q(
    'privacy',
    'open',
    'medium',
    4,
    {
      text: 'Yanlış kişiye müşteri listesi içeren bir e-posta gönderdiniz. Ne yaparsınız?',
      spec: 'Alıcıdan silmesini ister, hemen veri koruma sorumlusuna bildirir, olayı kayda geçirir ve tekrarını önlemeyi düşünür.',
    },
    {
      text: 'You sent an email with a customer list to the wrong person. What do you do?',
      spec: 'Asks the recipient to delete it, reports at once to the data protection officer, records the incident and thinks about preventing it.',
    },
  ),

  // --- Health and safety ---
  q(
    'safety',
    'ordering',
    'medium',
    2,
    {
      text: 'Yangın tahliyesinin adımlarını sıraya koyun.',
      spec: 'Alarmı verin|En yakın çıkıştan binayı terk edin|Toplanma alanına gidin|Yangın sorumlusuna bilgi verin',
      explanation: 'Önce alarm, sonra güvenli çıkış; sayım toplanma alanında yapılır.',
    },
    {
      text: 'Put the steps of a fire evacuation in order.',
      spec: 'Raise the alarm|Leave by the nearest exit|Go to the assembly point|Report to the fire warden',
      explanation: 'Alarm first, then a safe exit; the roll call happens at the assembly point.',
    },
  ),
  q(
    'safety',
    'matching',
    'hard',
    3,
    {
      text: 'Her güvenlik işaretini anlamıyla eşleştirin.',
      spec: 'Kırmızı daire = Yasak|Mavi daire = Zorunluluk|Sarı üçgen = Uyarı|Yeşil kare = Güvenli durum',
    },
    {
      text: 'Match each safety sign with its meaning.',
      spec: 'Red circle = Prohibition|Blue circle = Mandatory action|Yellow triangle = Warning|Green square = Safe condition',
    },
  ),
  q(
    'safety',
    'single',
    'easy',
    1,
    {
      text: 'Yangın sırasında binadan çıkarken hangisini kullanmalısınız?',
      spec: 'Asansörü|*Merdivenleri|Yük asansörünü|Hangisi daha yakınsa',
      explanation: 'Yangında asansörler durabilir ve duman dolabilir; daima merdiven kullanılır.',
    },
    {
      text: 'Which should you use to leave the building during a fire?',
      spec: 'The lift|*The stairs|The goods lift|Whichever is closer',
      explanation: 'Lifts can stop and fill with smoke in a fire; always use the stairs.',
    },
  ),
  q(
    'safety',
    'multiple',
    'medium',
    2,
    {
      text: 'Ofiste düşme ve kaymaları önlemek için hangileri yapılmalıdır?',
      spec: '*Dökülen sıvıyı hemen silmek|*Kabloları yürüme yolundan kaldırmak|Koridorlara kutu istiflemek|*Yetersiz aydınlatmayı bildirmek',
    },
    {
      text: 'Which of these prevent slips and trips in the office?',
      spec: '*Wiping up spills at once|*Keeping cables off walkways|Stacking boxes in corridors|*Reporting poor lighting',
    },
  ),
  q(
    'safety',
    'true_false',
    'easy',
    1,
    {
      text: 'Ramak kala olaylar (kimsenin yaralanmadığı olaylar) da bildirilmelidir.',
      spec: 'true',
      explanation: 'Ramak kala bildirimleri, asıl kazaları önlemenin en etkili yoludur.',
    },
    {
      text: 'Near misses (events where nobody was hurt) should also be reported.',
      spec: 'true',
      explanation: 'Reporting near misses is the most effective way to prevent real accidents.',
    },
  ),
  q(
    'safety',
    'numeric',
    'medium',
    2,
    {
      text: 'Ekran başında çalışırken göz dinlendirmesi için genellikle kaç dakikada bir kısa ara önerilir?',
      spec: '20~5',
      explanation: '20-20-20 kuralı: her 20 dakikada 20 saniye boyunca 6 metre uzağa bakın.',
    },
    {
      text: 'Working at a screen, every how many minutes is a short eye break usually recommended?',
      spec: '20~5',
      explanation: 'The 20-20-20 rule: every 20 minutes, look 20 feet away for 20 seconds.',
    },
  ),
  q(
    'safety',
    'short_text',
    'medium',
    1,
    {
      text: 'Yangın söndürücü kullanımını hatırlatan dört harfli kısaltma nedir? (İngilizce)',
      spec: 'PASS',
      explanation: 'Pull, Aim, Squeeze, Sweep: pimi çek, hedefle, sık, süpür.',
    },
    {
      text: 'What is the four-letter acronym for using a fire extinguisher?',
      spec: 'PASS',
      explanation: 'Pull, Aim, Squeeze, Sweep.',
    },
  ),
  q(
    'safety',
    'single',
    'medium',
    1,
    {
      text: 'Ağır bir kutuyu kaldırırken doğru duruş hangisidir?',
      spec: 'Dizler düz, belden eğilerek|*Dizler bükülü, sırt düz, yük gövdeye yakın|Kollar uzatılmış, hızlıca|Yükü bir yana yaslayarak',
      explanation: 'Gücü bacaklardan alın, sırtı düz tutun ve yükü gövdeye yakın taşıyın.',
    },
    {
      text: 'What is the right posture for lifting a heavy box?',
      spec: 'Straight knees, bending at the waist|*Bent knees, straight back, load close to the body|Arms stretched out, quickly|Leaning the load to one side',
      explanation: 'Lift with your legs, keep your back straight and the load close.',
    },
  ),
  q(
    'safety',
    'true_false',
    'medium',
    1,
    {
      text: 'Kişisel koruyucu donanım yalnızca denetim günlerinde takılmalıdır.',
      spec: 'false',
      explanation: 'KKD, risk bulunan her işte ve her zaman kullanılır.',
    },
    {
      text: 'Personal protective equipment only needs to be worn on inspection days.',
      spec: 'false',
      explanation: 'PPE is worn whenever the task carries the risk, every time.',
    },
  ),
  q(
    'safety',
    'open',
    'hard',
    5,
    {
      text: 'Çalışma alanınızda güvenli olmayan bir durum fark ettiniz ama yöneticiniz toplantıda. Ne yaparsınız?',
      spec: 'Alanı güvene alır ya da işi durdurur, başkalarını uyarır, İSG birimine ya da yetkiliye hemen bildirir, durumu kayda geçirir.',
    },
    {
      text: 'You notice an unsafe condition at work but your manager is in a meeting. What do you do?',
      spec: 'Makes the area safe or stops the work, warns others, reports at once to health and safety or whoever is in charge, records it.',
    },
  ),

  // --- Sales ---
  q(
    'sales',
    'single',
    'easy',
    1,
    {
      text: 'Bir satış görüşmesinde müşteriyi anlamanın en iyi yolu hangisidir?',
      spec: 'Ürünün bütün özelliklerini anlatmak|*Açık uçlu sorular sorup dinlemek|Fiyatı hemen söylemek|Rakipleri eleştirmek',
      explanation: 'Açık uçlu sorular, müşterinin gerçek ihtiyacını ortaya çıkarır.',
    },
    {
      text: 'What is the best way to understand a customer in a sales conversation?',
      spec: 'Explaining every feature of the product|*Asking open questions and listening|Naming the price straight away|Criticising competitors',
      explanation: 'Open questions bring out the customer’s real needs.',
    },
  ),
  q(
    'sales',
    'ordering',
    'medium',
    2,
    {
      text: 'Danışmanlık yaklaşımıyla satış görüşmesinin aşamalarını sıraya koyun.',
      spec: 'Hazırlık ve araştırma|İhtiyaç analizi|Çözüm önerisi|İtirazları ele alma|Kapanış ve takip',
    },
    {
      text: 'Put the stages of a consultative sales conversation in order.',
      spec: 'Preparation and research|Needs analysis|Proposing a solution|Handling objections|Closing and follow-up',
    },
  ),
  q(
    'sales',
    'multiple',
    'medium',
    2,
    {
      text: 'Hangileri açık uçlu sorudur?',
      spec: '*Bu süreci bugün nasıl yürütüyorsunuz?|Bütçeniz var mı?|*Sizin için başarı neye benzer?|Perşembe uygun mu?',
    },
    {
      text: 'Which of these are open questions?',
      spec: '*How do you run this process today?|Do you have a budget?|*What does success look like for you?|Does Thursday work?',
    },
  ),
  q(
    'sales',
    'true_false',
    'easy',
    1,
    {
      text: 'Bir itiraz, müşterinin ilgisiz olduğunu gösterir ve görüşme sonlandırılmalıdır.',
      spec: 'false',
      explanation: 'İtirazlar çoğu zaman ilginin ve eksik bilginin işaretidir.',
    },
    {
      text: 'An objection shows the customer is not interested, so the conversation should end.',
      spec: 'false',
      explanation: 'Objections are often a sign of interest and missing information.',
    },
  ),
  q(
    'sales',
    'matching',
    'medium',
    3,
    {
      text: 'Her satış kavramını tanımıyla eşleştirin.',
      spec: 'Çapraz satış = Tamamlayıcı bir ürün önermek|Üst satış = Daha kapsamlı bir sürüm önermek|Huni = Adayların aşamalara göre akışı|Kazanma oranı = Kazanılan fırsatların payı',
    },
    {
      text: 'Match each sales term with its definition.',
      spec: 'Cross-selling = Offering a complementary product|Upselling = Offering a fuller version|Pipeline = Prospects flowing through stages|Win rate = The share of opportunities won',
    },
  ),
  q(
    'sales',
    'numeric',
    'medium',
    2,
    {
      text: '40 fırsattan 10’u kazanıldı. Kazanma oranı yüzde kaçtır?',
      spec: '25~0',
      explanation: '10 / 40 = 0,25, yani %25.',
    },
    {
      text: 'Out of 40 opportunities, 10 were won. What is the win rate in percent?',
      spec: '25~0',
      explanation: '10 / 40 = 0.25, that is 25%.',
    },
  ),
  q(
    'sales',
    'short_text',
    'hard',
    1,
    {
      text: 'Müşteri kazanma maliyetinin İngilizce kısaltması nedir?',
      spec: 'CAC',
      explanation: 'Customer Acquisition Cost.',
    },
    {
      text: 'What is the abbreviation for customer acquisition cost?',
      spec: 'CAC',
      explanation: 'Customer Acquisition Cost.',
    },
  ),
  q(
    'sales',
    'single',
    'medium',
    1,
    {
      text: 'Müşteri “Çok pahalı” dediğinde ilk adım ne olmalıdır?',
      spec: 'Hemen indirim yapmak|*Neyle karşılaştırdığını sormak|Konuyu değiştirmek|Fiyatın adil olduğunu savunmak',
      explanation: 'Önce itirazın arkasındaki karşılaştırmayı anlayın, sonra değeri gösterin.',
    },
    {
      text: 'When a customer says “It is too expensive”, what should come first?',
      spec: 'Offer a discount at once|*Ask what they are comparing it with|Change the subject|Argue that the price is fair',
      explanation: 'First understand the comparison behind the objection, then show the value.',
    },
  ),
  q(
    'sales',
    'true_false',
    'medium',
    1,
    { text: 'Görüşmeden sonra 24 saat içinde yazılı bir özet göndermek, güven oluşturur.', spec: 'true' },
    { text: 'Sending a written summary within 24 hours of a meeting builds trust.', spec: 'true' },
  ),
  q(
    'sales',
    'open',
    'medium',
    4,
    {
      text: 'Uzun süredir çalıştığınız bir müşteri rakibe geçmeyi düşündüğünü söylüyor. Görüşmeye nasıl hazırlanırsınız?',
      spec: 'Müşterinin geçmişini ve kullanımını inceler, nedenleri anlamak için sorular hazırlar, değeri somut verilerle gösterir, bir sonraki adımı netleştirir.',
    },
    {
      text: 'A long-standing customer says they are thinking of moving to a competitor. How do you prepare for the meeting?',
      spec: 'Reviews the history and usage, prepares questions to understand the reasons, shows value with concrete data, agrees a clear next step.',
    },
  ),

  // --- Leadership ---
  q(
    'leadership',
    'single',
    'medium',
    1,
    {
      text: 'Geri bildirim verirken en etkili yaklaşım hangisidir?',
      spec: 'Kişiliği eleştirmek|*Belirli bir davranışı ve etkisini anlatmak|Yıllık değerlendirmeyi beklemek|Başkalarının önünde söylemek',
      explanation: 'Davranış ve etkisine odaklanan, zamanında geri bildirim değişim sağlar.',
    },
    {
      text: 'What is the most effective way to give feedback?',
      spec: 'Criticising the person’s character|*Describing a specific behaviour and its impact|Waiting for the annual review|Saying it in front of others',
      explanation: 'Timely feedback on behaviour and impact leads to change.',
    },
  ),
  q(
    'leadership',
    'matching',
    'medium',
    3,
    {
      text: 'Durumsal liderlik stillerini tanımlarıyla eşleştirin.',
      spec: 'Yönlendirme = Ne yapılacağını açıkça söylemek|Koçluk = Yönlendirip destek vermek|Destekleme = Kararı birlikte vermek|Yetkilendirme = Sorumluluğu devretmek',
    },
    {
      text: 'Match the situational leadership styles with their descriptions.',
      spec: 'Directing = Telling clearly what to do|Coaching = Guiding and supporting|Supporting = Deciding together|Delegating = Handing over responsibility',
    },
  ),
  q(
    'leadership',
    'ordering',
    'hard',
    2,
    {
      text: 'GROW koçluk modelinin aşamalarını sıraya koyun.',
      spec: 'Hedef (Goal)|Mevcut durum (Reality)|Seçenekler (Options)|İrade ve eylem (Will)',
    },
    { text: 'Put the stages of the GROW coaching model in order.', spec: 'Goal|Reality|Options|Will' },
  ),
  q(
    'leadership',
    'multiple',
    'medium',
    2,
    {
      text: 'Psikolojik güvenliği artıran davranışlar hangileridir?',
      spec: '*Hataları öğrenme fırsatı olarak konuşmak|*Soru soranlara teşekkür etmek|Toplantılarda yalnızca yöneticinin konuşması|*Kendi hatalarını açıkça paylaşmak',
    },
    {
      text: 'Which behaviours build psychological safety?',
      spec: '*Talking about mistakes as chances to learn|*Thanking people who ask questions|Only the manager speaking in meetings|*Openly sharing your own mistakes',
    },
  ),
  q(
    'leadership',
    'true_false',
    'easy',
    1,
    {
      text: 'İyi bir lider, ekibinin bütün kararlarını kendisi vermelidir.',
      spec: 'false',
      explanation: 'Kararları uygun yerde devretmek, ekibi geliştirir ve hızlandırır.',
    },
    {
      text: 'A good leader should make every decision for the team personally.',
      spec: 'false',
      explanation: 'Delegating the right decisions develops the team and speeds it up.',
    },
  ),
  q(
    'leadership',
    'short_text',
    'medium',
    1,
    {
      text: 'Hedef belirlemede kullanılan, “Belirli, Ölçülebilir, Ulaşılabilir, İlgili, Zamana bağlı” kısaltması nedir?',
      spec: 'SMART',
      explanation: 'SMART hedefler net ve izlenebilirdir.',
    },
    {
      text: 'Which acronym stands for Specific, Measurable, Achievable, Relevant, Time-bound goals?',
      spec: 'SMART',
      explanation: 'SMART goals are clear and trackable.',
    },
  ),
  q(
    'leadership',
    'numeric',
    'medium',
    2,
    {
      text: 'Birebir görüşmelerin yaygın önerilen sıklığı kaç haftada birdir?',
      spec: '2~1',
      explanation: 'Çoğu ekip için haftada bir ile iki haftada bir arası önerilir.',
    },
    {
      text: 'One-to-one meetings are commonly recommended every how many weeks?',
      spec: '2~1',
      explanation: 'For most teams, weekly to every two weeks is recommended.',
    },
  ),
  q(
    'leadership',
    'single',
    'hard',
    1,
    {
      text: 'Ekipte iki kişi arasında süren bir çatışmada liderin ilk adımı ne olmalıdır?',
      spec: 'Görmezden gelip kendiliğinden geçmesini beklemek|Haklı olanı hemen ilan etmek|*Her iki tarafı ayrı ayrı dinlemek|Konuyu İK’ya devretmek',
      explanation: 'Önce iki tarafın bakışını anlamak, adil bir çözümün temelidir.',
    },
    {
      text: 'In a lasting conflict between two team members, what should the leader do first?',
      spec: 'Ignore it and hope it passes|Declare who is right at once|*Listen to each side separately|Hand it over to HR',
      explanation: 'Understanding both views first is the basis of a fair solution.',
    },
  ),
  q(
    'leadership',
    'true_false',
    'medium',
    1,
    {
      text: 'Takdir, ancak büyük başarılarda dile getirilmelidir.',
      spec: 'false',
      explanation: 'Küçük ama somut takdirler motivasyonu sürekli besler.',
    },
    {
      text: 'Recognition should be given only for big achievements.',
      spec: 'false',
      explanation: 'Small but specific recognition keeps motivation going.',
    },
  ),
  q(
    'leadership',
    'open',
    'hard',
    5,
    {
      text: 'Performansı son üç ayda düşen bir ekip üyenizle yapacağınız görüşmeyi nasıl planlarsınız?',
      spec: 'Somut örnekler hazırlar, önce dinler ve nedenleri anlamaya çalışır, beklentileri netleştirir, birlikte bir eylem planı ve takip tarihi belirler.',
    },
    {
      text: 'How would you plan a conversation with a team member whose performance has dropped over the last three months?',
      spec: 'Prepares concrete examples, listens first to understand the causes, clarifies expectations, agrees an action plan and a follow-up date together.',
    },
  ),

  // --- Customer service ---
  q(
    'service',
    'single',
    'easy',
    1,
    {
      text: 'Öfkeli bir müşteriyle konuşurken ilk adım hangisidir?',
      spec: 'Şirket politikasını okumak|*Sözünü kesmeden dinlemek|Hemen bir yöneticiye aktarmak|Sakinleşmesini söylemek',
      explanation: 'Dinlenildiğini hisseden müşteri sakinleşir ve çözüme açık olur.',
    },
    {
      text: 'What is the first step when talking to an angry customer?',
      spec: 'Reading out the company policy|*Listening without interrupting|Passing them to a manager at once|Telling them to calm down',
      explanation: 'A customer who feels heard calms down and becomes open to a solution.',
    },
  ),
  q(
    'service',
    'ordering',
    'medium',
    2,
    {
      text: 'Bir şikâyeti ele alma adımlarını sıraya koyun.',
      spec: 'Dinleyin ve anlayın|Özür dileyin ve empati kurun|Çözüm önerin|Uygulayın ve takip edin',
    },
    {
      text: 'Put the steps of handling a complaint in order.',
      spec: 'Listen and understand|Apologise and empathise|Offer a solution|Act and follow up',
    },
  ),
  q(
    'service',
    'multiple',
    'medium',
    2,
    {
      text: 'Hangileri empati gösteren ifadelerdir?',
      spec: '*Bunun ne kadar can sıkıcı olduğunu anlıyorum.|Bu bizim hatamız değil.|*Yerinizde olsam ben de aynı şeyi hissederdim.|Kurallar böyle.',
    },
    {
      text: 'Which of these show empathy?',
      spec: '*I understand how frustrating this is.|That is not our fault.|*In your place I would feel the same.|Those are the rules.',
    },
  ),
  q(
    'service',
    'true_false',
    'easy',
    1,
    {
      text: 'Müşteriye veremeyeceğiniz bir sözü vermek, görüşmeyi kolaylaştırdığı için kabul edilebilir.',
      spec: 'false',
      explanation: 'Tutulmayan sözler güveni en hızlı yıkan şeydir.',
    },
    {
      text: 'Promising a customer something you cannot deliver is fine because it makes the call easier.',
      spec: 'false',
      explanation: 'Broken promises destroy trust fastest.',
    },
  ),
  q(
    'service',
    'matching',
    'medium',
    3,
    {
      text: 'Her ölçütü anlamıyla eşleştirin.',
      spec: 'NPS = Tavsiye etme olasılığı|CSAT = Bir etkileşimden memnuniyet|FCR = İlk temasta çözüm oranı|AHT = Ortalama görüşme süresi',
    },
    {
      text: 'Match each measure with its meaning.',
      spec: 'NPS = Likelihood to recommend|CSAT = Satisfaction with an interaction|FCR = First contact resolution rate|AHT = Average handling time',
    },
  ),
  q(
    'service',
    'numeric',
    'hard',
    2,
    {
      text: '100 yanıtın 60’ı destekçi (9–10), 15’i kötüleyici (0–6). Net Tavsiye Skoru (NPS) kaçtır?',
      spec: '45~0',
      explanation: 'NPS = %60 − %15 = 45.',
    },
    {
      text: 'Of 100 answers, 60 are promoters (9–10) and 15 detractors (0–6). What is the Net Promoter Score?',
      spec: '45~0',
      explanation: 'NPS = 60% − 15% = 45.',
    },
  ),
  q(
    'service',
    'short_text',
    'medium',
    1,
    {
      text: 'Müşterinin “0–10 arasında bizi tavsiye eder misiniz?” sorusuna dayanan ölçütün kısaltması nedir?',
      spec: 'NPS',
      explanation: 'Net Promoter Score.',
    },
    {
      text: 'What is the abbreviation of the measure built on “How likely are you to recommend us, 0 to 10?”',
      spec: 'NPS',
      explanation: 'Net Promoter Score.',
    },
  ),
  q(
    'service',
    'single',
    'medium',
    1,
    {
      text: 'Bir sorunu hemen çözemiyorsanız müşteriye ne söylemelisiniz?',
      spec: 'Elimden bir şey gelmez.|*Ne yapacağımı ve ne zaman döneceğimi.|Daha sonra tekrar arayın.|Hiçbir şey, sonra bakarım.',
      explanation: 'Net bir sonraki adım ve zaman, belirsizliği ortadan kaldırır.',
    },
    {
      text: 'If you cannot solve a problem right away, what should you tell the customer?',
      spec: 'There is nothing I can do.|*What I will do and when I will come back.|Please call again later.|Nothing, I will look into it later.',
      explanation: 'A clear next step and time remove the uncertainty.',
    },
  ),
  q(
    'service',
    'true_false',
    'medium',
    1,
    { text: 'Müşterinin adını görüşme sırasında kullanmak, ilişkiyi kişiselleştirir.', spec: 'true' },
    { text: 'Using the customer’s name during the conversation makes the contact more personal.', spec: 'true' },
  ),
  q(
    'service',
    'open',
    'medium',
    4,
    {
      text: 'Siparişi üç gün geciken bir müşteri sosyal medyada şikâyet etti. Nasıl yanıt verirsiniz?',
      spec: 'Hızlı ve kamuya açık kısa bir özür, özel kanala davet, gecikmenin nedenini ve yeni teslim tarihini netleştirme, telafi önerisi ve takip.',
    },
    {
      text: 'A customer whose order is three days late complains on social media. How do you reply?',
      spec: 'A quick short public apology, an invitation to a private channel, clarity on the cause and the new delivery date, an offer to make up for it and a follow-up.',
    },
  ),
];
