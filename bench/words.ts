/**
 * Vocabulary of the data generator, most frequent first: the generator picks word r with a
 * probability falling as 1/r (Zipf), so "the" or "и" is in nearly every tale and the last words
 * of each list in about one tale in a hundred.
 */
const words = (s: string) => s.split(/\s+/).filter(Boolean);

export const EN = words(`
the and of to a in is it that was for on with he as you at be this had by from but not are they his she or
have we an were her one all there their which said when what would been so out if more will up who about them
then its into some time could him do your my than other only new like over two me just can also first after
our back now even old day years people way because how many most well any very where made through little down
good these long great before world place life may much too house own year city light small night again home
road water still river morning story while never last around under three between every went another same those
right think away came always found young both come next without hand thought should tell head side here though
few end once told four might already high left looked almost days summer winter letter evening mountain garden
bridge window train market coffee book song dream friend music forest island harbour journey rain snow sea sun
moon stars village street station church school family mother father brother sister children child woman man
girl boy friends name words voice eyes face hands door table room kitchen bed fire bread wine tea dinner
breakfast lunch apple tree trees flowers grass field hill valley lake shore beach wave waves ship boat sail
wind storm cloud clouds sky autumn spring weather cold warm bright dark quiet loud early late slowly quickly
suddenly together alone hope fear love memory memories silence shadow shadows colour colours blue green red
white black golden silver stone wood paper glass clock hour hours minute week month weekend holiday birthday
wedding party dance film photo photograph camera picture painting museum gallery library theatre concert
guitar piano violin drum poem poetry novel chapter page pages ink pencil notebook diary map compass path trail
bicycle car bus ferry plane airport ticket suitcase hotel hostel balcony roof fence gate yard neighbour
neighbours dog cat horse bird birds fox wolf bear deer fish owl crow sparrow butterfly bee honey milk cheese
soup salt sugar pepper lemon orange cherry strawberry grandmother grandfather uncle aunt cousin teacher doctor
baker fisherman farmer sailor soldier king queen prince princess castle tower wall walls lantern candle lamp
mirror key lock box basket bottle cup plate spoon knife fork chair sofa carpet curtain blanket pillow coat hat
scarf boots shoes umbrella pocket coin coins money price shop bakery cafe restaurant bar recipe pie cake
cookies pancakes porridge dumplings jam tomatoes potatoes carrots cabbage mushrooms berries nuts seeds harvest
orchard vineyard meadow pond stream waterfall cliff cave canyon desert glacier volcano tundra steppe marsh
swamp jungle prairie lighthouse pier dock anchor rope net tide fog frost ice thunder lightning rainbow sunrise
sunset dawn dusk midnight noon calendar january february march april june july august september october
november december monday friday sunday whisper laughter tears smile promise secret mystery adventure treasure
legend myth fairy dragon giant witch wizard ghost spirit angel miracle wish luck fortune destiny courage
kindness patience wisdom truth freedom peace war victory defeat escape return arrival departure farewell
welcome beginning ending epilogue prologue
`);

export const RU = words(`
и в не на я что он с как а то все она так его но да ты к у же вы за бы по только ее мне было вот от меня еще
нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж вам ведь там
потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего раз тоже
себе под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтобы нее
сейчас были куда зачем всех никогда можно при наконец два об другой хоть после над больше тот через эти нас
про всего них какая много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой
им более всегда конечно всю между день время жизнь год город дом дорога река утро вечер ночь свет зима лето
весна осень сад лес море остров поезд рынок кофе книга песня мечта друг письмо гора мост окно путешествие
история сказка дождь снег ветер солнце луна звёзды небо облака туман гроза радуга рассвет закат полдень
полночь деревня улица площадь вокзал станция церковь школа семья мама папа брат сестра дети ребёнок женщина
мужчина девочка мальчик друзья имя слова голос глаза лицо руки дверь стол комната кухня кровать огонь хлеб
вино чай ужин завтрак обед яблоко дерево деревья цветы трава поле холм долина озеро берег пляж волна волны
корабль лодка парус шторм тишина тень тени цвет синий зелёный красный белый чёрный золотой серебряный камень
бумага стекло часы минута неделя месяц выходные праздник рождения свадьба вечеринка танец фильм фотография
камера картина музей галерея библиотека театр концерт гитара пианино скрипка барабан стихи поэзия роман глава
страница страницы чернила карандаш тетрадь дневник карта компас тропа велосипед машина автобус паром самолёт
аэропорт билет чемодан гостиница балкон крыша забор ворота двор сосед соседи собака кошка лошадь птица птицы
лиса волк медведь олень рыба сова ворона воробей бабочка пчела мёд молоко сыр суп соль сахар перец лимон
апельсин вишня клубника бабушка дедушка дядя тётя учитель врач пекарь рыбак фермер моряк солдат король
королева принц принцесса замок башня стена фонарь свеча лампа зеркало ключ коробка корзина бутылка чашка
тарелка ложка нож вилка стул диван ковёр занавеска одеяло подушка пальто шапка шарф сапоги туфли зонт карман
монета деньги цена магазин пекарня кафе ресторан рецепт пирог торт печенье блины каша пельмени варенье
помидоры картошка морковь капуста грибы ягоды орехи урожай огород луг пруд ручей водопад скала пещера пустыня
ледник вулкан тундра степь болото тайга маяк причал якорь верёвка сеть прилив мороз лёд гром молния январь
февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь понедельник пятница воскресенье шёпот
смех слёзы улыбка обещание тайна загадка приключение сокровище легенда миф фея дракон великан ведьма волшебник
призрак дух ангел чудо желание удача судьба смелость доброта терпение мудрость правда свобода мир война победа
поражение побег возвращение прибытие отъезд прощание начало конец эпилог пролог бабье самовар дача электричка
метро трамвай подъезд лестница квартира балалайка матрёшка берёза ёлка ёжик клён липа сосна дуб рябина калина
сирень ромашка василёк подснежник
`);

/** Hashtags, most popular first, written as hashtagsOf() normalises them (lower case, е for ё). */
export const TAGS_EN = words(`
travel photo music books food nature city art history science cooking garden family cats dogs winter summer
autumn spring sea mountains hiking cycling coffee tea poetry film design architecture running football chess
kids school work startup programming javascript typescript postgres linux opensource birds flowers sunset rain
snow friends love memories weekend holiday ocean island village museum concert guitar piano painting sketch
diary letters dreams recipes baking bread wine
`);
export const TAGS_RU = words(`
путешествия фото музыка книги еда природа город искусство история наука кулинария сад семья коты собаки зима
лето осень весна море горы походы велосипед кофе чай стихи кино дизайн архитектура бег футбол шахматы дети
школа работа программирование птицы цветы закат дождь снег друзья любовь воспоминания выходные праздник
деревня музей концерт гитара живопись дневник письма мечты рецепты выпечка хлеб дача рыбалка грибы баня
`);

export const FIRST_EN = words(
  'Anna Boris Clara David Elena Emma Fedor Galina George Helen Igor Irina Jack Julia Kate Kirill Lena Liam Maxim Maria Mia Nina Noah Oleg Olivia Pavel Peter Rita Ruth Sam Sergey Sofia Tanya Thomas Victor Yana Zoe',
);
export const LAST_EN = words(
  'Smith Johnson Brown Taylor Wilson Davies Evans Thomas Roberts Walker Wright Green Hall Wood Clarke Hughes Edwards Turner Hill Moore Baker Carter Cooper Harris King Lee Martin Miller Parker Scott',
);
export const FIRST_RU = words(
  'Анна Алексей Борис Вера Галина Григорий Дарья Дмитрий Елена Иван Ирина Кирилл Ксения Лев Людмила Максим Мария Наталья Никита Ольга Олег Павел Полина Роман Светлана Сергей Татьяна Фёдор Юлия Яна Артём',
);
export const LAST_RU = words(
  'Иванова Петров Смирнова Кузнецов Попова Соколов Лебедева Козлов Новикова Морозов Волкова Алексеев Орлова Семёнов Фёдорова Степанов Николаева Павлов Зайцева Виноградов Богданова Воробьёв Михайлова Белов Тарасова Жуков Королёва Ковалёв',
);
