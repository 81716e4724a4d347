"""Value sets that look like a small site's: product slugs, usernames, shop names, categories.

A real shop, social app or admin console draws its placeholder values from a fixed set (tens to
hundreds of products, sellers and categories), each value seen many times. `value_set(kind,
size, rng)` makes such a set: `size` distinct values of one kind, in an order that `rng` decides
(gen_traffic.py gives them Zipf popularity over that order, so the order is the popularity rank).
The words are English-looking and the names international, so that a value reads like one of a
live site (`blue-linen-shirt`, `maria_k`, `willow-ceramics`, `home-decor`, `pt-br`).

Kinds: product, user, seller, category, tag, community, org, flag, locale. A kind whose words
are a closed list (category, locale) holds at most that many values; a size beyond what a kind
can make is an error, not a silent repeat.
"""

COLORS = ("black white grey navy blue sky-blue teal green olive sage mint yellow mustard orange "
          "rust red burgundy pink blush lilac purple brown tan cream ivory charcoal").split()
MATERIALS = ("linen cotton wool merino cashmere silk denim leather suede canvas bamboo oak walnut "
             "maple ceramic stoneware porcelain glass copper brass steel cast-iron marble cork "
             "rattan jute velvet corduroy fleece recycled organic").split()
ITEMS = ("shirt dress skirt jacket coat hoodie sweater cardigan scarf beanie gloves socks "
         "sneakers boots sandals belt wallet backpack tote-bag duffel-bag watch-strap earrings "
         "necklace ring bracelet mug teapot bowl plate vase planter candle lamp cushion throw "
         "blanket rug towel apron cutting-board knife-set pan skillet kettle water-bottle "
         "notebook journal pen-case phone-case laptop-sleeve desk-organizer picture-frame "
         "wall-clock shelf stool chair side-table").split()
PRODUCT_TAILS = ("set 2-pack 3-pack mini large xl small kids classic slim").split()

FIRST_NAMES = ("maria anna sofia emma mia lena julia laura sara nina olga irina elena marta "
               "ana lucia carmen ines chloe lea zoe amelie ella alice grace lily ruby chen "
               "mei li wei yuki hana aiko sakura min ji seo priya anika divya kavya fatima "
               "aisha amira layla noor zainab ada amara chioma ngozi thandi kemi james john "
               "tom ben sam max leo noah liam lucas david daniel mark paul peter alex mateo "
               "diego pablo carlos jorge luis andre joao pedro rafael marco luca matteo "
               "giovanni hans jan lars erik sven nils ole piotr tomasz pavel ivan dmitri "
               "sergei raj arjun rohan vikram amir omar ali yusuf kofi kwame tunde femi "
               "hiroshi kenji takeshi jun hyun tae minh duc arash reza tariq jonas felix").split()
LAST_NAMES = ("smith jones brown garcia martinez lopez gonzalez rodriguez silva santos costa "
              "oliveira rossi russo ferrari esposito bianchi muller schmidt schneider fischer "
              "weber meyer wagner becker schulz hoffmann dubois laurent moreau bernard petit "
              "kowalski nowak wisniewski ivanov petrov smirnov novak horvat jansen dejong "
              "vandenberg nielsen hansen andersen larsen johansson lindberg eriksson virtanen "
              "korhonen murphy kelly obrien walsh byrne nguyen tran pham le wang zhang liu "
              "chen yang huang zhao wu zhou kim lee park choi jung tanaka suzuki sato "
              "takahashi watanabe ito yamamoto nakamura sharma patel singh kumar gupta khan "
              "ahmed hassan ali okafor adeyemi mensah okonkwo mwangi diallo cohen levi "
              "friedman yilmaz kaya demir").split()

SHOP_WORDS = ("willow birch cedar juniper fern moss meadow harbor river stone salt tide north "
              "nordic alpine coastal urban little golden silver copper honey olive clover "
              "fox hare wren robin sparrow owl bear luna sol terra atlas iris ivy sage thistle "
              "bramble hollow quiet slow wild kind good true bright").split()
SHOP_CRAFTS = ("ceramics pottery knits studio goods supply co makes crafts leather woodworks "
               "print-shop paper-co candle-co apothecary textiles threads jewelry designs "
               "vintage finds home-goods kitchen botanicals tea-house coffee-roasters "
               "bakery soap-co atelier workshop trading-co outfitters").split()

CATEGORIES = ("womens-clothing mens-clothing kids-clothing shoes bags accessories jewelry "
              "watches beauty skincare fragrance hair-care home-decor furniture lighting "
              "kitchen dining bedding bath rugs garden outdoor tools electronics phones "
              "computers audio cameras gaming toys baby books stationery art-supplies crafts "
              "music sports fitness cycling camping pets food coffee tea wine gifts sale "
              "vintage wedding party-supplies office travel").split()

TAG_WORDS = ("sunset sunrise beach ocean mountains hiking travel wanderlust foodie brunch "
             "coffee latte vegan baking pizza sushi ramen tacos streetfood cats dogs puppy "
             "kitten catsofinstagram dogsofinstagram nature flowers garden plants houseplants "
             "art drawing sketch painting design illustration photography streetphotography "
             "portrait film analog blackandwhite fashion ootd style vintage thrift makeup "
             "skincare nails fitness gym yoga running cycling football basketball tennis "
             "music concert guitar vinyl books booklover reading writing poetry gaming "
             "pcgaming cosplay anime manga tech coding python javascript startup weekend "
             "friday mondaymotivation tbt selfie love family wedding baby summer winter "
             "autumn spring christmas halloween newyear city architecture london paris "
             "tokyo berlin nyc lisbon").split()
TAG_MODS = ("daily life lover love gram addict time vibes goals inspo oftheday art").split()

COMMUNITIES = ("woodworking houseplants mechanicalkeyboards sourdough homebrewing "
               "bouldering trailrunning birdwatching knitting crochet watercolor "
               "filmphotography vinylcollectors boardgames chess speedcubing aquariums "
               "beekeeping urbangardening cycling vanlife minimalism personalfinance "
               "investing cooking baking coffee tea vegan fermentation homelab selfhosted "
               "linux rust python webdev gamedev indiegames retrogaming pixelart "
               "astronomy astrophotography running climbing skiing surfing diving "
               "languagelearning japanese spanish writing poetry bookclub scifi fantasy "
               "history philosophy").split()

ORG_WORDS = ("acme globex initech umbrella hooli stark wayne wonka cyberdyne soylent tyrell "
             "northwind contoso fabrikam adventure-works blue-harbor red-rock green-valley "
             "silver-lake iron-peak bright-path clear-sky swift-river open-field true-north "
             "summit pioneer evergreen keystone lighthouse beacon horizon meridian vertex "
             "polaris zenith aurora nimbus cascade granite").split()
ORG_TAILS = ("corp inc labs health logistics energy foods bank capital media studio systems "
             "analytics cloud robotics insurance retail travel motors partners group").split()

FLAG_VERBS = ("new enable beta use show allow disable legacy fast async").split()
FLAG_FEATURES = ("checkout search-v2 dark-mode onboarding pricing-page sso saml mfa "
                 "audit-export bulk-import csv-export webhooks api-rate-limit billing-portal "
                 "usage-alerts team-invites custom-domains ai-summary recommendations "
                 "inline-editing image-cdn edge-cache graphql-api mobile-nav cart-drawer "
                 "one-click-buy gift-cards loyalty-points referrals").split()

LOCALES = ("en-us en-gb de fr es it nl pt-br ja ko zh-cn pl sv da fi nb cs tr ru uk").split()


def _distinct(make, size, rng, kind, capacity):
    """`size` distinct values from `make(rng)`; an error when the kind cannot make that many."""
    if size > capacity:
        raise SystemExit(f"vocab: a {kind} set holds at most {capacity} values, not {size}")
    seen = {}
    for _ in range(size * 50):
        seen.setdefault(make(rng), None)
        if len(seen) == size:
            return list(seen)
    raise SystemExit(f"vocab: only {len(seen)} distinct {kind} values of the {size} asked")


def product(rng):
    words = []
    if rng.random() < 0.7:
        words.append(rng.choice(COLORS))
    if rng.random() < 0.75 or not words:
        words.append(rng.choice(MATERIALS))
    words.append(rng.choice(ITEMS))
    if rng.random() < 0.12:
        words.append(rng.choice(PRODUCT_TAILS))
    return "-".join(words)


def user(rng):
    first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
    form = rng.random()
    if form < 0.25:
        return f"{first}_{last[0]}"  # maria_k
    if form < 0.40:
        return f"{first}{rng.randint(1, 99)}"  # ravi88
    if form < 0.55:
        return f"{first[0]}{last}"  # jdoe
    if form < 0.70:
        return f"{first}.{last}"  # li.wei
    if form < 0.82:
        return f"{first}_{last}"
    if form < 0.92:
        return f"{first}{last}{rng.randint(1, 9)}"
    return f"the_{first}" if rng.random() < 0.5 else f"{first}_{rng.choice(('art', 'codes', 'cooks', 'runs', 'reads'))}"


def seller(rng):
    craft = rng.choice(SHOP_CRAFTS)
    if rng.random() < 0.3:  # an owner's name, possessive without the apostrophe: annas-ceramics
        name = rng.choice(FIRST_NAMES)
        return f"{name if name.endswith('s') else name + 's'}-{craft}"
    word = rng.choice(SHOP_WORDS)
    return f"the-{word}-{craft}" if rng.random() < 0.1 else f"{word}-{craft}"


def tag(rng):
    word = rng.choice(TAG_WORDS)
    return word + rng.choice(TAG_MODS) if rng.random() < 0.35 else word


def org(rng):
    return f"{rng.choice(ORG_WORDS)}-{rng.choice(ORG_TAILS)}" if rng.random() < 0.7 else rng.choice(ORG_WORDS)


def flag(rng):
    return f"{rng.choice(FLAG_VERBS)}-{rng.choice(FLAG_FEATURES)}" if rng.random() < 0.6 else rng.choice(FLAG_FEATURES)


MAKERS = {
    "product": (product, len(COLORS) * len(MATERIALS) * len(ITEMS)),
    "user": (user, len(FIRST_NAMES) * len(LAST_NAMES)),
    "seller": (seller, (len(SHOP_WORDS) + len(FIRST_NAMES)) * len(SHOP_CRAFTS)),
    "tag": (tag, len(TAG_WORDS) * (len(TAG_MODS) + 1) // 2),
    "org": (org, len(ORG_WORDS) * len(ORG_TAILS) // 2),
    "flag": (flag, len(FLAG_VERBS) * len(FLAG_FEATURES) // 2),
}
CLOSED = {"category": CATEGORIES, "community": COMMUNITIES, "locale": LOCALES}
KINDS = sorted(MAKERS) + sorted(CLOSED)


def value_set(kind, size, rng):
    """`size` distinct values of `kind`, in an order `rng` decides (deterministic for its seed)."""
    if kind in CLOSED:  # a closed list of words: a sample of it
        words = CLOSED[kind]
        if size > len(words):
            raise SystemExit(f"vocab: a {kind} set holds at most {len(words)} values, not {size}")
        return rng.sample(words, size)
    if kind not in MAKERS:
        raise SystemExit(f"vocab: unknown kind {kind!r} (one of {', '.join(KINDS)})")
    make, capacity = MAKERS[kind]
    return _distinct(make, size, rng, kind, capacity)
