import type { BuiltInLegalTexts } from '../documents.js';

/** Türkçe metinler: 6698 sayılı KVKK’nın 10. maddesi (aydınlatma yükümlülüğü) ve 11. maddesi (ilgili kişinin hakları). */
export const tr: BuiltInLegalTexts = {
  personalData: (company) => ({
    title: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni',
    intro: [
      `${company} ("Şirket") olarak, Kampus eğitim platformu ("Platform") üzerinden işlenen kişisel verilerinizin güvenliğine önem veriyoruz. 6698 sayılı Kişisel Verilerin Korunması Kanunu ("KVKK") uyarınca veri sorumlusu sıfatıyla; kişisel verilerinizin hangi amaçlarla ve hangi hukuki sebeplere dayanılarak işlendiğini, kimlere aktarılabileceğini ve KVKK’dan doğan haklarınızı aşağıda bilgilerinize sunarız.`,
    ],
    sections: [
      {
        heading: '1. Veri sorumlusu',
        paragraphs: [
          `Kişisel verileriniz, veri sorumlusu sıfatıyla ${company} tarafından işlenmektedir. Platformun teknik altyapısı, Şirket adına ve Şirket’in talimatları doğrultusunda hareket eden veri işleyen tarafından sağlanır.`,
        ],
      },
      {
        heading: '2. İşlenen kişisel veriler ve toplanma yöntemi',
        items: [
          'Kimlik bilgileri: ad, soyad, kullanıcı adı, sicil numarası ve Şirket tarafından gerekli görülen hâllerde T.C. kimlik numarası.',
          'İletişim bilgileri: e-posta adresi ve cep telefonu numarası.',
          'Eğitim ve değerlendirme kayıtları: size atanan ve tamamladığınız eğitimler, ilerleme durumunuz, sınav ve anket yanıtlarınız ile sonuçları, sertifikalarınız, puanlarınız ve hediyeleriniz.',
          'İşlem güvenliği ve log kayıtları: oturum açma ve kapama zamanları, IP adresi, tarayıcı ve cihaz bilgileri, görüntülenen sayfalar ve Platform üzerinde yapılan işlemlere ait kayıtlar.',
        ],
        closing: [
          'Kişisel verileriniz; Şirket tarafından Platforma aktarılması, Platformu kullanırken doldurduğunuz formlar ve Platformun otomatik kayıt sistemleri aracılığıyla elektronik ortamda toplanır.',
        ],
      },
      {
        heading: '3. Kişisel verilerin işlenme amaçları',
        items: [
          'Platform hesabınızın oluşturulması, kimliğinizin doğrulanması ve oturum güvenliğinin sağlanması,',
          'Size atanan eğitim, sınav ve anketlerin sunulması, ilerlemenizin takip edilmesi ve sertifikalarınızın düzenlenmesi,',
          'Şirket içi eğitim faaliyetlerinin planlanması, raporlanması ve değerlendirilmesi,',
          'Bildirim, duyuru ve hatırlatmaların size iletilmesi,',
          'Bilgi güvenliğinin sağlanması, yetkisiz erişimlerin önlenmesi ve tespit edilmesi,',
          'Mevzuattan doğan yükümlülüklerin yerine getirilmesi ve yetkili kurum ve kuruluşların taleplerinin karşılanması.',
        ],
      },
      {
        heading: '4. Hukuki sebepler',
        paragraphs: [
          'Kişisel verileriniz, KVKK’nın 5. maddesinin 2. fıkrasında sayılan; bir sözleşmenin kurulması veya ifasıyla doğrudan doğruya ilgili olması, veri sorumlusunun hukuki yükümlülüğünü yerine getirebilmesi için zorunlu olması, bir hakkın tesisi, kullanılması veya korunması için veri işlemenin zorunlu olması ve temel hak ve özgürlüklerinize zarar vermemek kaydıyla veri sorumlusunun meşru menfaatleri için veri işlenmesinin zorunlu olması hukuki sebeplerine dayanılarak işlenir.',
          'Bu hukuki sebeplerden hiçbirine dayanmayan bir işleme faaliyeti için açık rızanız ayrıca alınır; açık rızanızı dilediğiniz zaman geri alabilirsiniz.',
        ],
      },
      {
        heading: '5. Kişisel verilerin aktarılması',
        paragraphs: [
          'Kişisel verileriniz, yukarıdaki amaçlarla sınırlı olmak üzere; Şirket’in bağlı bulunduğu şirketler grubuna, Platformun barındırılması ve bakımı için hizmet alınan teknoloji sağlayıcılarına, eğitim içeriği sunan iş ortaklarına ve kanunen yetkili kamu kurum ve kuruluşlarına KVKK’nın 8. ve 9. maddelerinde öngörülen şartlara uygun olarak aktarılabilir. Yurt dışına aktarım gerektiğinde KVKK’nın 9. maddesinde öngörülen güvencelere uyulur.',
        ],
      },
      {
        heading: '6. Saklama süresi',
        paragraphs: [
          'Kişisel verileriniz, işlendikleri amaç için gerekli olan süre ve ilgili mevzuatta öngörülen saklama ve zamanaşımı süreleri boyunca saklanır. Bu süreler sona erdiğinde verileriniz silinir, yok edilir veya anonim hâle getirilir.',
        ],
      },
      {
        heading: '7. KVKK’nın 11. maddesi kapsamındaki haklarınız',
        paragraphs: ['Veri sorumlusuna başvurarak;'],
        items: [
          'kişisel verilerinizin işlenip işlenmediğini öğrenme,',
          'kişisel verileriniz işlenmişse buna ilişkin bilgi talep etme,',
          'kişisel verilerinizin işlenme amacını ve bunların amacına uygun kullanılıp kullanılmadığını öğrenme,',
          'yurt içinde veya yurt dışında kişisel verilerinizin aktarıldığı üçüncü kişileri bilme,',
          'kişisel verilerinizin eksik veya yanlış işlenmiş olması hâlinde bunların düzeltilmesini isteme,',
          'KVKK’nın 7. maddesinde öngörülen şartlar çerçevesinde kişisel verilerinizin silinmesini veya yok edilmesini isteme,',
          'düzeltme, silme veya yok etme işlemlerinin kişisel verilerinizin aktarıldığı üçüncü kişilere bildirilmesini isteme,',
          'işlenen verilerin münhasıran otomatik sistemler vasıtasıyla analiz edilmesi suretiyle aleyhinize bir sonucun ortaya çıkmasına itiraz etme,',
          'kişisel verilerinizin kanuna aykırı olarak işlenmesi sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme haklarına sahipsiniz.',
        ],
      },
      {
        heading: '8. Başvuru ve yanıt süresi',
        paragraphs: [
          'Haklarınıza ilişkin taleplerinizi, kimliğinizi tespit edici bilgilerle birlikte yazılı olarak ya da kayıtlı elektronik posta (KEP) adresi, güvenli elektronik imza veya Şirket’e daha önce bildirdiğiniz ve sistemde kayıtlı bulunan e-posta adresiniz aracılığıyla Şirket’e iletebilirsiniz.',
          'Başvurunuz, talebin niteliğine göre en kısa sürede ve en geç otuz (30) gün içinde ücretsiz olarak sonuçlandırılır. İşlemin ayrıca bir maliyet gerektirmesi hâlinde Kişisel Verileri Koruma Kurulu tarafından belirlenen tarifedeki ücret alınabilir.',
        ],
      },
    ],
  }),

  userInformation: (company) => ({
    title: 'Kullanıcı Bilgilendirme Metni',
    intro: [
      `Bu eğitim platformu, ${company} tarafından çalışanlarına ve iş ortaklarına yönelik eğitim faaliyetleri için Kampus altyapısı üzerinde sunulmaktadır. Platforma, ${company} tarafından size tanımlanan hesapla erişirsiniz.`,
    ],
    sections: [
      {
        heading: 'Hesabınız ve güvenliğiniz',
        items: [
          'Şifrenizi kimseyle paylaşmayın ve başkasına ait bir hesapla giriş yapmayın.',
          'Ortak kullanılan cihazlarda işiniz bittiğinde oturumunuzu kapatın.',
          'Hesabınızın yetkisiz kullanıldığından şüphelenirseniz şifrenizi hemen değiştirin ve durumu platform yöneticinize bildirin.',
        ],
      },
      {
        heading: 'Platformda kaydedilen bilgiler',
        paragraphs: [
          'Eğitimlere katılımınız, ilerleme durumunuz, sınav ve anket sonuçlarınız, kazandığınız sertifika ve puanlar kaydedilir ve Şirket bünyesindeki yetkili yöneticiler tarafından raporlanabilir. Güvenliğin sağlanması amacıyla oturum açma kayıtları ve ziyaret edilen sayfalar da kayıt altına alınır.',
        ],
      },
      {
        heading: 'Tarayıcınızda saklanan bilgiler',
        paragraphs: [
          'Platform; oturumunuzu sürdürmek için gereken anahtarları, dil tercihinizi ve bu bilgilendirmenin gösterildiğini tarayıcınızda şifrelenmiş olarak saklar. Bu bilgiler yalnızca Platformun çalışması için kullanılır.',
        ],
      },
      {
        heading: 'Eğitim içerikleri',
        paragraphs: [
          'Platformdaki eğitim içerikleri Şirket’e veya lisans verenlerine aittir. İçerikler yalnızca kişisel eğitim amacıyla kullanılabilir; izinsiz kopyalanamaz, kaydedilemez ve paylaşılamaz.',
        ],
      },
      {
        heading: 'Kişisel verileriniz',
        paragraphs: [
          'Kişisel verilerinizin işlenmesine ilişkin ayrıntılı bilgiyi profil menüsündeki "Yasal bilgilendirme" sayfasında bulabilirsiniz. Haklarınıza ilişkin başvurularınız en geç otuz (30) gün içinde yanıtlanır.',
        ],
      },
      {
        heading: 'İletişim',
        paragraphs: [
          'Platformla ilgili sorularınız için Şirket’in insan kaynakları veya eğitim birimine ya da platform yöneticinize başvurabilirsiniz.',
        ],
      },
    ],
  }),
};
