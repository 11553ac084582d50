"""Acceptance cases, held-out half: measured, never tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_holdout``. Do not read these cases to design or tune
a gate, and do not move a case between the halves: the numbers are worth something only while no rule was written
with these cases in view. Tune on ``cases_tune``.

Split (the method in ``cases_kit``): all 117 cases of the second set were written first, then dealt to the two
halves by ``cases_kit.assign(cases, seed=SPLIT_SEED)`` with ``SPLIT_SEED = 3636``, a seeded random assignment
stratified by kind and class, before any case ran through the benchmark; no case moved afterwards (a test checks
each half against ``assign``). This half: 37 legitimate and 21 invented or misread cases.
"""
from __future__ import annotations

import pandas as pd

from benchmarks.acceptance_cases import Registry, Script, compute, differs, repl
from benchmarks.cases_kit import (
    ACCESS_LOOK,
    CHATS_LOOK,
    EVENTS_LOOK,
    GIT_LOOK,
    HANDBOOK,
    HANDBOOK_LOOK,
    INVENTED_CLASSES,
    INVENTORY_LOOK,
    LEDGER_LOOK,
    LEGIT_CLASSES,
    METRICS_LOOK,
    PARSE_ACCESS,
    PARSE_EVENTS,
    PARSE_GIT,
    SENSORS_LOOK,
    SHOP_LOOK,
    STAFF_LOOK,
    SURVEY_LOOK,
    YEARLY,
    access_log,
    chats,
    eur,
    git_log,
    inventory,
    ledger,
    metrics,
    misround,
    sensors,
    shop,
    staff,
    sub_model,
    sub_says,
    survey,
    swap_digits,
    with_access,
    with_events,
    with_git,
)

REGISTRY = Registry(LEGIT_CLASSES, INVENTED_CLASSES)
CASES = REGISTRY.cases
case = REGISTRY.case


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("chat_median_wait", "describe() statistic", "legit", "What is the median wait before an agent answers a chat?")
def _chat_median_wait() -> Script:
    ctx = {"chats": chats()}
    code = "print(chats.wait_s.describe())"
    d = ctx["chats"].wait_s.describe()
    final = (f"FINAL(The median wait is {d['50%']:g} seconds; the mean is higher ({d['mean']:.1f} s) because a few "
             "chats wait much longer.)")
    return Script(ctx, [CHATS_LOOK, repl(code), final], [repl("print(chats.wait_s.median())"), final])


@case("salary_quartiles", "describe() statistic", "legit", "What is the interquartile range of salaries?")
def _salary_quartiles() -> Script:
    ctx = {"staff": staff()}
    code = "print(staff.salary_eur.describe())"
    d = ctx["staff"].salary_eur.describe()
    final = (f"FINAL(The middle half of salaries lies between {eur(d['25%'])} and {eur(d['75%'])}, an interquartile "
             f"range of {eur(d['75%'] - d['25%'])}.)")
    fix = repl("q1, q3 = staff.salary_eur.quantile([.25, .75])\nprint(q1, q3, q3 - q1)")
    return Script(ctx, [STAFF_LOOK, repl(code), final], [fix, final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("unit_profit_2024_bullets", "bullet list of figures", "legit", "What was each business unit's profit in 2024?")
def _unit_profit_bullets() -> Script:
    ctx = {"ledger": ledger()}
    code = ("y24 = ledger[ledger.month.str.startswith('2024')]\nprofit_24 = y24.groupby('unit').profit_eur.sum()\n"
            "print(profit_24)")
    p = compute(ctx, code)["profit_24"]
    lines = [f"- {u}: {eur(v)}" + (" (a loss)" if v < 0 else "") for u, v in p.items()]
    final = "FINAL(Profit in 2024 by unit:\n" + "\n".join(lines) + ")"
    return Script(ctx, [LEDGER_LOOK, repl(code), final], [repl("print(profit_24.to_dict())"), final])


@case("sensor_mean_bullets", "bullet list of figures", "legit", "What is the average temperature of each sensor?")
def _sensor_mean_bullets() -> Script:
    ctx = {"sensors": sensors()}
    code = "avg_temp = sensors.groupby('sensor').temp_c.mean().round(2)\nprint(avg_temp)"
    a = compute(ctx, code)["avg_temp"]
    final = "FINAL(Average temperature per sensor:\n" + "\n".join(f"* {s}: {v:.2f} °C" for s, v in a.items()) + ")"
    return Script(ctx, [SENSORS_LOOK, repl(code), final], [repl("print(avg_temp.to_dict())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
@case("plan_satisfaction_table", "markdown table in text", "legit", "How satisfied are the users of each plan?")
def _plan_table() -> Script:
    ctx = {"survey": survey()}
    code = ("per_plan = survey.groupby('plan').agg(n=('respondent', 'count'), mean_sat=('satisfaction', 'mean'),\n"
            "                                  yes=('recommend', lambda s: (s == 'yes').mean() * 100)).round(1)\n"
            "print(per_plan)")
    t = compute(ctx, code)["per_plan"]
    rows = "\n".join(f"| {r.Index} | {r.n} | {r.mean_sat:.1f} / 5 | {r.yes:.1f}% |" for r in t.itertuples())
    best = t.mean_sat.idxmax()
    final = (f"FINAL(| Plan | Respondents | Mean satisfaction | Would recommend |\n| --- | --- | --- | --- |\n{rows}\n\n"
             f"{best.capitalize()} users are the most satisfied.)")
    return Script(ctx, [SURVEY_LOOK, repl(code), final], [repl("print(per_plan.mean_sat.idxmax())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("db_memory_peak_gb", "value with a unit", "legit", "How much memory did db-1 use at its peak, and when?")
def _db_memory_peak() -> Script:
    ctx = {"metrics": metrics()}
    code = "db = metrics[metrics.host == 'db-1']\npeak = db.loc[db.mem_gb.idxmax()]\nprint(peak)"
    peak = compute(ctx, code)["peak"]
    final = f"FINAL(db-1 peaked at {peak.mem_gb:.2f} GB of memory, at {peak.ts:%H:%M} on {peak.ts:%Y-%m-%d}.)"
    return Script(ctx, [METRICS_LOOK, repl(code), final], [repl("print(peak.mem_gb, peak.ts)"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("hire_date_range", "range from min to max", "legit", "Over what period were the current employees hired?")
def _hire_range() -> Script:
    ctx = {"staff": staff()}
    code = "print(staff.hire_date.min(), staff.hire_date.max())"
    lo, hi = ctx["staff"].hire_date.min(), ctx["staff"].hire_date.max()
    final = f"FINAL(Between {lo.day} {lo:%B %Y} and {hi.day} {hi:%B %Y}.)"
    return Script(ctx, [STAFF_LOOK, repl(code), final], [repl("print(staff.hire_date.agg(['min', 'max']))"), final])


@case("product_price_range", "range from min to max", "legit", "What is the price range of the products we sell?")
def _price_range() -> Script:
    ctx = {"shop": shop()}
    code = ("products = shop['products']\nprint(products.sort_values('price_eur')[['name', 'price_eur']]"
            ".iloc[[0, -1]])")
    pr = ctx["shop"]["products"].sort_values("price_eur")
    lo, hi = pr.iloc[0], pr.iloc[-1]
    final = f"FINAL(Prices go from €{lo.price_eur:.2f} ({lo['name']}) up to €{hi.price_eur:.2f} ({hi['name']}).)"
    fix = repl("print(products.price_eur.min(), products.price_eur.max())")
    return Script(ctx, [SHOP_LOOK, repl(code), final], [fix, final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("remote_vs_office_salary", "two groups compared", "legit",
      "Do remote employees earn more than office-based ones on average?")
def _remote_vs_office() -> Script:
    ctx = {"staff": staff()}
    code = ("is_remote = staff.office == 'Remote'\nprint(staff.groupby(is_remote).salary_eur.mean().round(0))")
    s = ctx["staff"]
    remote = round(s[s.office == "Remote"].salary_eur.mean())
    office = round(s[s.office != "Remote"].salary_eur.mean())
    verdict = "Yes" if remote > office else "No"
    final = (f"FINAL({verdict}: remote staff average {eur(remote)} a year against {eur(office)} for those in an office, "
             f"a gap of {eur(abs(remote - office))}.)")
    fix = repl("m = staff.groupby(is_remote).salary_eur.mean().round(0)\nprint(m[True] - m[False])")
    return Script(ctx, [STAFF_LOOK, repl(code), final], [fix, final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("would_recommend_out_of", "X out of Y", "legit", "How many respondents would recommend us?")
def _recommend_out_of() -> Script:
    ctx = {"survey": survey()}
    code = "print(survey.recommend.value_counts())"
    c = ctx["survey"].recommend.value_counts()
    final = f"FINAL({c['yes']} of {c.sum()} respondents said yes; {c['maybe']} said maybe.)"
    return Script(ctx, [SURVEY_LOOK, repl(code), final], [repl("print(c := survey.recommend.value_counts(), c.sum())"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
@case("online_revenue_yoy", "period-over-period change", "legit", "How did Online revenue change from 2023 to 2024?")
def _online_yoy() -> Script:
    ctx = {"ledger": ledger()}
    y = compute(ctx, YEARLY)["yearly"]["revenue_eur"].loc["Online"]
    final = (f"FINAL(Online revenue grew {(y['2024'] / y['2023'] - 1) * 100:.1f}% year over year, from "
             f"{eur(y['2023'])} in 2023 to {eur(y['2024'])} in 2024.)")
    fix = repl("r = yearly['revenue_eur'].loc['Online']\nprint(round((r['2024'] / r['2023'] - 1) * 100, 1))")
    return Script(ctx, [LEDGER_LOOK, repl(YEARLY), final], [fix, final])


@case("commits_feb_to_mar", "period-over-period change", "legit",
      "How did the number of commits change from February to March 2024?")
def _commits_feb_mar() -> Script:
    code = "per_month = commits.groupby(commits.when.dt.strftime('%Y-%m')).size()\nprint(per_month)"
    ctx, ns = with_git(code)
    m = ns["per_month"]
    feb, mar = int(m["2024-02"]), int(m["2024-03"])
    final = (f"FINAL(Commits went from {feb} in February to {mar} in March, a change of {mar - feb:+d} "
             f"({(mar / feb - 1) * 100:+.1f}%).)")
    fix = repl("print(per_month['2024-03'] - per_month['2024-02'])")
    return Script(ctx, [GIT_LOOK, PARSE_GIT, repl(code), final], [fix, final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("top3_products_revenue", "top-N list by code", "legit", "Which three products brought in the most revenue?")
def _top3_products() -> Script:
    ctx = {"shop": shop()}
    code = ("lines = shop['orders'].merge(shop['products'], on='product_id')\n"
            "lines['revenue'] = lines.qty * lines.price_eur\n"
            "top3 = lines.groupby('name').revenue.sum().nlargest(3)\nprint(top3)")
    t = compute(ctx, code)["top3"]
    a, b, c = t.items()
    final = (f"FINAL(The {a[0]} leads with €{a[1]:,.2f}, followed by the {b[0]} (€{b[1]:,.2f}) and the {c[0]} "
             f"(€{c[1]:,.2f}).)")
    return Script(ctx, [SHOP_LOOK, repl(code), final], [repl("print(top3.to_dict())"), final])


@case("top3_committers", "top-N list by code", "legit", "Who are the three most active committers?")
def _top3_committers() -> Script:
    code = "top_authors = commits.author.value_counts().head(3)\nprint(top_authors)"
    ctx, ns = with_git(code)
    t = ns["top_authors"]
    names = [f"{a} ({k} commits)" for a, k in t.items()]
    final = f"FINAL({names[0]}, {names[1]} and {names[2]}.)"
    return Script(ctx, [GIT_LOOK, PARSE_GIT, repl(code), final], [repl("print(list(top_authors.items()))"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("ledger_revenue_millions", "significant figures", "legit", "What was total revenue over the three years?")
def _revenue_millions() -> Script:
    ctx = {"ledger": ledger()}
    code = "total_rev = ledger.revenue_eur.sum()\nprint(total_rev)"
    t = compute(ctx, code)["total_rev"]
    final = f"FINAL(Roughly €{t / 1e6:.1f} million over 2022–2024, all three units together.)"
    return Script(ctx, [LEDGER_LOOK, repl(code), final], [repl("print(round(total_rev / 1e6, 1))"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("wholesale_loss_2024", "negative figure", "legit", "What was Wholesale's profit in 2024?")
def _wholesale_loss() -> Script:
    ctx = {"ledger": ledger()}
    code = ("ws24 = ledger[(ledger.unit == 'Wholesale') & ledger.month.str.startswith('2024')]\n"
            "print(ws24.profit_eur.sum())")
    p = compute(ctx, code)["ws24"].profit_eur.sum()
    assert p < 0
    final = f"FINAL(Wholesale made a loss in 2024: {eur(abs(p))} in the red for the year.)"
    return Script(ctx, [LEDGER_LOOK, repl(code), final], [repl("print(ws24.profit_eur.sum())"), final])


@case("worst_unit_month", "negative figure", "legit", "Which unit had the worst single month, and how bad was it?")
def _worst_month() -> Script:
    ctx = {"ledger": ledger()}
    code = "worst = ledger.loc[ledger.profit_eur.idxmin()]\nprint(worst)"
    w = compute(ctx, code)["worst"]
    final = f"FINAL({w.unit} in {pd.Period(w.month):%B %Y}, with a loss of {eur(abs(w.profit_eur))}.)"
    return Script(ctx, [LEDGER_LOOK, repl(code), final], [repl("print(worst.unit, worst.month, worst.profit_eur)"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("slowest_request_line", "quoted log line or ID", "legit", "Which request was the slowest? Quote its log line.")
def _slowest_line() -> Script:
    code = "slowest = log.us.idxmax()\nprint(log.loc[slowest, 'us'])\nprint(lines[slowest])"
    ctx, ns = with_access(code)
    line = ns["lines"][ns["slowest"]]
    final = f"FINAL(The slowest request took {ns['log'].loc[ns['slowest'], 'us'] / 1e6:.2f} s:\n\n    {line})"
    fix = repl("print(round(log.us.max() / 1e6, 2))")
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), final], [fix, final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("deploys_in_may", "count off value_counts", "legit", "How many deploys were there in May?")
def _deploys_may() -> Script:
    ctx, ns = with_events("")
    k = int(ns["ev"].type.value_counts()["deploy"])
    final = f"FINAL({k} deploys.)"
    return Script(ctx, [EVENTS_LOOK, PARSE_EVENTS, final], [repl("print((ev.type == 'deploy').sum())"), final])


@case("whatsapp_chat_count", "count off value_counts", "legit", "How many chats came in through WhatsApp?")
def _whatsapp_count() -> Script:
    ctx = {"chats": chats()}
    code = "print(chats.channel.value_counts())"
    k = int(ctx["chats"].channel.value_counts()["whatsapp"])
    final = f"FINAL({k} chats came in via WhatsApp.)"
    return Script(ctx, [CHATS_LOOK, repl(code), final], [repl("print((chats.channel == 'whatsapp').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("first_rollback_time", "date from a log timestamp", "legit", "When was the first rollback?")
def _first_rollback() -> Script:
    code = "rb = ev[ev.type == 'rollback'].sort_values('ts')\nprint(rb.head(3))"
    ctx, ns = with_events(code)
    r = ns["rb"].iloc[0]
    final = f"FINAL(The first rollback was on {r.ts.day} May 2024 at {r.ts:%H:%M} UTC ({r.service}).)"
    return Script(ctx, [EVENTS_LOOK, PARSE_EVENTS, repl(code), final], [repl("print(rb.iloc[0].ts)"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("busiest_hour_of_day", "week, weekday or time of day", "legit", "At what time of day is traffic highest?")
def _busiest_hour() -> Script:
    code = "per_hour = log.groupby(log.ts.dt.hour).size()\nprint(per_hour)\nprint('peak hour:', per_hour.idxmax())"
    ctx, ns = with_access(code)
    h = ns["per_hour"]
    peak = int(h.idxmax())
    final = (f"FINAL(Traffic peaks in the {peak}:00–{peak + 1}:00 UTC hour, with {h.max()} requests in that hour over "
             "the week; afternoons are busiest in general.)")
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), final], [repl("peak = per_hour.idxmax()\nprint(f'{peak}:00–{peak + 1}:00', per_hour.max())"), final])


@case("busiest_chat_week", "week, weekday or time of day", "legit", "Which week of January had the most chats?")
def _busiest_week() -> Script:
    ctx = {"chats": chats()}
    code = ("week = chats.started.dt.isocalendar().week\n"
            "per_week = chats.groupby(week).started.agg(['count', 'min', 'max'])\nprint(per_week)")
    w = compute(ctx, code)["per_week"]
    top = w["count"].idxmax()
    first, last = w.loc[top, "min"], w.loc[top, "max"]
    final = (f"FINAL(ISO week {top}, {first.day}–{last.day} {first:%B}: {w.loc[top, 'count']} chats, more than any "
             "other week.)")
    return Script(ctx, [CHATS_LOOK, repl(code), final], [repl("top = per_week.loc[per_week['count'].idxmax()]\n"
                                                  "print(top.name, f\"{top['min'].day}–{top['max'].day} {top['min']:%B}\", top['count'])"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("retail_revenue_mio_de", "locale number abbreviation", "legit", "Wie hoch war der Umsatz von Retail im Jahr 2024?")
def _retail_mio() -> Script:
    ctx = {"ledger": ledger()}
    code = ("retail24 = ledger[(ledger.unit == 'Retail') & ledger.month.str.startswith('2024')].revenue_eur.sum()\n"
            "print(retail24)")
    v = compute(ctx, code)["retail24"]
    final = f"FINAL(Retail hat 2024 rund {v / 1e6:.2f} Mio. € Umsatz erzielt.)".replace(".", ",", 1)
    return Script(ctx, [LEDGER_LOOK, repl(code), final], [repl("print(round(retail24 / 1e6, 2), 'Mio.')"), final])


@case("stock_value_keur_fr", "locale number abbreviation", "legit", "Quelle est la valeur totale du stock ?")
def _stock_keur() -> Script:
    ctx = {"inventory": inventory()}
    code = "valeur = (inventory.on_hand * inventory.unit_cost_eur).sum()\nprint(valeur)"
    v = compute(ctx, code)["valeur"]
    k = f"{v / 1e3:,.0f}".replace(",", "\u202f")
    final = f"FINAL(Environ {k} k€ de stock au total, tous entrepôts confondus.)"
    return Script(ctx, [INVENTORY_LOOK, repl(code), final], [repl("print(round(valeur / 1000), 'k€')"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("business_units_bought", "joined tables", "legit", "How many units did business customers buy?")
def _business_units() -> Script:
    ctx = {"shop": shop()}
    code = ("with_seg = shop['orders'].merge(shop['customers'], on='customer_id')\n"
            "print(with_seg.groupby('segment').qty.sum())")
    q = compute(ctx, code)["with_seg"].groupby("segment").qty.sum()
    final = f"FINAL(Business customers bought {q['business']} units in total (consumers: {q['consumer']}).)"
    fix = repl("print(with_seg.loc[with_seg.segment == 'business', 'qty'].sum())")
    return Script(ctx, [SHOP_LOOK, repl(code), final], [fix, final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("resolution_by_channel", "qualitative over a full small table", "legit", "Which channel resolves chats best?")
def _resolution_channel() -> Script:
    ctx = {"chats": chats()}
    code = "rate = (chats.groupby('channel').resolved.mean() * 100).round(1)\nprint(rate)"
    r = compute(ctx, code)["rate"].sort_values(ascending=False)
    names = {"web": "the web chat", "app": "the app", "whatsapp": "WhatsApp"}
    final = (f"FINAL({names[r.index[0]].capitalize()} resolves the most chats ({r.iloc[0]}%), {names[r.index[2]]} the "
             f"fewest ({r.iloc[2]}%); {names[r.index[1]]} is in between ({r.iloc[1]}%).)")
    return Script(ctx, [CHATS_LOOK, repl(code), final], [repl("print(rate.sort_values(ascending=False))"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("peak_p95_per_host_dict", "FINAL_VAR of a dict or frame", "legit", "What was the highest p95 latency on each host?")
def _peak_dict() -> Script:
    ctx = {"metrics": metrics()}
    code = "peak_p95 = metrics.groupby('host').p95_ms.max().to_dict()\nprint(peak_p95)"
    return Script(ctx, [METRICS_LOOK, repl(code), "FINAL_VAR(peak_p95)"], [repl("print(peak_p95)"), "FINAL_VAR(peak_p95)"])


@case("on_hand_per_warehouse_series", "FINAL_VAR of a dict or frame", "legit",
      "How many units are on hand in each warehouse?")
def _on_hand_series() -> Script:
    ctx = {"inventory": inventory()}
    code = "on_hand = inventory.groupby('warehouse').on_hand.sum()\nprint(on_hand)"
    return Script(ctx, [INVENTORY_LOOK, repl(code), "FINAL_VAR(on_hand)"], [repl("print(on_hand)"), "FINAL_VAR(on_hand)"])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("submit_low_stock_warehouse", "DSPy SUBMIT fields", "legit",
      "Which warehouse has the most stock lines below their reorder point, and how many?")
def _submit_low_stock() -> Script:
    ctx = {"inventory": inventory()}
    code = ("below = inventory[inventory.on_hand < inventory.reorder_point].warehouse.value_counts()\nprint(below)\n"
            "SUBMIT(warehouse=below.idxmax(), lines_below=int(below.max()))")
    return Script(ctx, [INVENTORY_LOOK, repl(code)], [repl("print(below.idxmax(), below.max())"), repl(code)])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("answer_dict_typed_sentence", "answer-dict dialect", "legit",
      "What was the server room's highest temperature, and when?")
def _answer_typed() -> Script:
    ctx = {"sensors": sensors()}
    code = "sr = sensors[sensors.sensor == 'server_room']\nhot = sr.loc[sr.temp_c.idxmax()]\nprint(hot)"
    h = compute(ctx, code)["hot"]
    text = f"The server room peaked at {h.temp_c} °C on {h.ts.day} February {h.ts.year} at {h.ts:%H:%M}."
    done = repl(f'answer = {{"content": {text!r}, "ready": True}}')
    return Script(ctx, [SENSORS_LOOK, repl(code), done], [repl("print(hot.temp_c, hot.ts)"), done])


@case("answer_dict_series", "answer-dict dialect", "legit", "What is the median salary in each department?")
def _answer_series() -> Script:
    ctx = {"staff": staff()}
    code = "med = staff.groupby('department').salary_eur.median()\nprint(med)"
    done = repl("answer['content'] = med\nanswer['ready'] = True")
    return Script(ctx, [STAFF_LOOK, repl(code), done], [repl("print(med)"), done])


# -- sub-call summary -----------------------------------------------------------------------------------------------
@case("survey_comment_themes", "sub-call summary", "legit", "What do respondents write about in their comments?")
def _comment_themes() -> Script:
    ctx = {"survey": survey()}
    code = ("comments = [c for c in survey.comment if c]\nprint(len(comments))\n"
            "themes = llm_query('What are the main themes of these survey comments? Count each.\\n\\n' + "
            "'\\n'.join(f'- {c}' for c in comments))\nprint(themes)")
    comments = [c for c in ctx["survey"].comment if c]
    said = sub_says("What are the main themes of these survey comments? Count each.\n\n"
                    + "\n".join(f"- {c}" for c in comments))
    final = f"FINAL(I had a sub-model read all {len(comments)} non-empty comments. {said})"
    return Script(ctx, [SURVEY_LOOK, repl(code), final], [repl("print(themes)"), final], sub_model())


@case("april_commits_summary", "sub-call summary", "legit", "What kind of work went into April's commits?")
def _april_summary() -> Script:
    code = ("april = commits[commits.when.dt.strftime('%Y-%m') == '2024-04']\nprint(len(april))\n"
            "summary = llm_query('Summarize these commits by kind of work:\\n\\n' + '\\n'.join('    ' + s for s in april.subject))\n"
            "print(summary)")
    ctx, ns = with_git(code.replace("llm_query(", "(lambda p: p)("))
    said = sub_says("Summarize these commits by kind of work:\n\n" + "\n".join("    " + s for s in ns["april"].subject))
    final = f"FINAL(April had {len(ns['april'])} commits. {said})"
    return Script(ctx, [GIT_LOOK, PARSE_GIT, repl(code), final], [repl("print(summary)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("approval_for_3200_trip", "markdown document fact", "legit", "Who has to approve a trip that costs 3,200 EUR?")
def _approval() -> Script:
    ctx = {"handbook": HANDBOOK}
    code = "section = handbook.split('## 4. Approvals')[1].split('## 5.')[0]\nprint(section)"
    final = ("FINAL(Your manager and your department head: above 1,500 EUR the department head approves as well. The CFO "
             "only signs off above 5,000 EUR, so not for 3,200 EUR.)")
    return Script(ctx, [HANDBOOK_LOOK, repl(code), final], [repl("print(section.strip().splitlines()[0])"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("checkout_sev2_incidents", "yes/no with evidence", "legit", "Did the checkout service have any sev2 incidents in May?")
def _checkout_sev2() -> Script:
    code = ("sev2 = ev[(ev.type == 'incident') & (ev.service == 'checkout') & (ev.severity == 'sev2')]\n"
            "print(len(sev2))\nprint(sev2[['ts', 'minutes']])")
    ctx, ns = with_events(code)
    s2 = ns["sev2"]
    if len(s2):
        items = " and ".join(f"on {r.ts.day} May ({int(r.minutes)} minutes)" for r in s2.itertuples())
        final = f"FINAL(Yes, {len(s2)}: {items}.)"
    else:
        final = "FINAL(No: checkout had no sev2 incident in May.)"
    return Script(ctx, [EVENTS_LOOK, PARSE_EVENTS, repl(code), final], [repl("print(list(zip(sev2.ts.dt.strftime('%-d %B'), sev2.minutes)))"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("freezer_battery_drain", "correlation or fitted statistic", "legit", "How fast is the freezer sensor's battery draining?")
def _battery_drain() -> Script:
    ctx = {"sensors": sensors()}
    code = ("import numpy as np\nfz = sensors[sensors.sensor == 'freezer']\n"
            "days = (fz.ts - fz.ts.min()).dt.total_seconds() / 86400\n"
            "slope, intercept = np.polyfit(days, fz.battery_v, 1)\nprint(slope, intercept)")
    slope = compute(ctx, code)["slope"]
    assert slope < 0
    final = f"FINAL(It loses about {abs(slope):.3f} V per day (a linear fit over the two weeks of readings).)"
    return Script(ctx, [SENSORS_LOOK, repl(code), final], [repl("print(round(slope, 3))"), final])



# =================================================================================================================
# Invented or misread answers (after a refusal: the same FINAL again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("memory_avg_response_time", "plausible figure from memory", "invented", "What is the average response time of the site?")
def _memory_response() -> Script:
    ctx, ns = with_access("")
    differs(200, round(ns["log"].us.mean() / 1000))
    return Script(ctx, [ACCESS_LOOK, "The last field is the response time. For a small API like this one it is typically "
                                     "around 200 ms.\nFINAL(The average response time is about 200 ms.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("median_wait_was_mean", "mean given as the median", "invented", "What is the median wait before an agent answers?")
def _median_wait_mean() -> Script:
    ctx = {"chats": chats()}
    d = ctx["chats"].wait_s.describe()
    wrong = differs(round(d["mean"], 1), round(d["50%"], 1))
    return Script(ctx, [CHATS_LOOK, repl("print(chats.wait_s.describe())"), f"FINAL(The median wait is {wrong} seconds.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("response_us_read_as_ms", "unit misread", "invented", "What is the average response time of the site?")
def _us_as_ms() -> Script:
    code = "print(log.us.mean())"
    ctx, ns = with_access(code)
    mean_us = ns["log"].us.mean()
    seconds = differs(round(mean_us / 1000), round(mean_us / 1e6, 3))  # the figure in ms, read as seconds
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code),
                        f"FINAL(Requests take about {seconds} seconds on average (the last field of each line is in ms).)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("error_share_fraction_pct", "fraction written as percent", "invented", "What share of requests failed with a server error?")
def _fraction_pct() -> Script:
    code = "print((log.status >= 500).mean())"
    ctx, ns = with_access(code)
    f = (ns["log"].status >= 500).mean()
    differs(round(f, 3), round(f * 100, 1))
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), f"FINAL(About {f:.3f}% of the requests failed with a 5xx error.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("second_department_called_top", "second row called the top", "invented", "Which department pays the most on average?")
def _second_dept() -> Script:
    ctx = {"staff": staff()}
    code = "print(staff.groupby('department').salary_eur.mean().round(0).sort_values(ascending=False))"
    m = ctx["staff"].groupby("department").salary_eur.mean().round(0).sort_values(ascending=False)
    return Script(ctx, [STAFF_LOOK, repl(code),
                        f"FINAL({differs(m.index[1], m.idxmax())} pays the most, with an average salary of €{m.iloc[1]:,.0f}.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("absent_department_marketing", "label absent from the data", "invented",
      "Which department has the highest average rating?")
def _absent_department() -> Script:
    ctx = {"staff": staff()}
    code = "print(staff.groupby('department').rating.mean().round(2))"
    m = ctx["staff"].groupby("department").rating.mean().round(2)
    assert "Marketing" not in m.index
    return Script(ctx, [STAFF_LOOK, repl(code), f"FINAL(Marketing, with an average rating of {m.max()}.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("bytes_all_statuses", "total of the wrong subset", "invented", "How many bytes did the successful (200) responses send?")
def _bytes_all() -> Script:
    code = "print(log.bytes.sum())\nprint(log.groupby('status').bytes.sum())"
    ctx, ns = with_access(code)
    lg = ns["log"]
    total = differs(int(lg.bytes.sum()), int(lg[lg.status == 200].bytes.sum()))
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), f"FINAL(Successful responses sent {total:,} bytes.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("stale_csat_with_zeros", "stale figure before a correction", "invented", "What is the average CSAT of the rated chats?")
def _stale_csat() -> Script:
    ctx = {"chats": chats()}
    stale = differs(round(ctx["chats"].csat.fillna(0).mean(), 2), round(ctx["chats"].csat.mean(), 2))
    return Script(ctx, [CHATS_LOOK, repl("print(chats.csat.fillna(0).mean())"),
                        repl("print(chats.csat.mean())", "Filling with 0 counts unrated chats as zeros; without them:"),
                        f"FINAL(The average CSAT of rated chats is {stale}.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("transposed_median_salary", "transposed digits", "invented", "What is the median salary?")
def _transposed_salary() -> Script:
    ctx = {"staff": staff()}
    med = int(ctx["staff"].salary_eur.median())
    return Script(ctx, [STAFF_LOOK, repl("print(staff.salary_eur.median())"),
                        f"FINAL(The median salary is €{differs(swap_digits(med), med):,} a year.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("echo_greenhouse_26_degrees", "number echoed from the question", "invented",
      "For how many hours was the greenhouse above 26 °C?")
def _echo_26() -> Script:
    ctx = {"sensors": sensors()}
    code = "gh = sensors[sensors.sensor == 'greenhouse']\nprint(gh[gh.temp_c > 26].head())"
    truth = int((ctx["sensors"].query("sensor == 'greenhouse'").temp_c > 26).sum())
    return Script(ctx, [SENSORS_LOOK, repl(code), f"FINAL({differs(26, truth)} hours.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("rows_as_distinct_authors", "rows counted instead of distinct", "invented", "How many different people committed?")
def _rows_authors() -> Script:
    ctx = {"git_log": git_log()}
    n = ctx["git_log"].count("Author:")
    differs(n, len({line for line in ctx["git_log"].splitlines() if line.startswith("Author:")}))
    return Script(ctx, [GIT_LOOK, repl("print(git_log.count('Author:'))"), f"FINAL({n} different people made commits.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("hires_wrong_year", "wrong year", "invented", "How many people were hired in 2021?")
def _wrong_year_hires() -> Script:
    ctx = {"staff": staff()}
    code = "print(staff.hire_date.dt.year.value_counts().sort_index())"
    c = ctx["staff"].hire_date.dt.year.value_counts()
    return Script(ctx, [STAFF_LOOK, repl(code), f"FINAL({differs(c[2022], c[2021])} people were hired in 2021.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("revenue_millions_rounded_wrong", "wrong rounding", "invented", "What was total revenue over the three years, in millions?")
def _rounded_millions() -> Script:
    ctx = {"ledger": ledger()}
    t = ctx["ledger"].revenue_eur.sum() / 1e5
    wrong = differs(misround(t) / 10, round(t) / 10)
    return Script(ctx, [LEDGER_LOOK, repl("print(ledger.revenue_eur.sum())"), f"FINAL(About €{wrong:.1f} million in total.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("webcam_searched_in_product_id", "nothing found in the wrong column", "invented",
      "Did any customer from Denmark buy a webcam?")
def _webcam_wrong_column() -> Script:
    ctx = {"shop": shop()}
    code = ("dk = shop['orders'].merge(shop['customers'], on='customer_id')\ndk = dk[dk.country == 'Denmark']\n"
            "print(len(dk), (dk.product_id == 'webcam').sum())")
    s = ctx["shop"]
    joined = s["orders"].merge(s["customers"], on="customer_id").merge(s["products"], on="product_id")
    assert ((joined.country == "Denmark") & (joined.name == "webcam")).any()
    return Script(ctx, [SHOP_LOOK, repl(code), "FINAL(No. None of the Danish customers' orders is a webcam.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("online_growth_called_decline", "trend in the wrong direction", "invented", "How did Online revenue change from 2023 to 2024?")
def _growth_as_decline() -> Script:
    ctx = {"ledger": ledger()}
    r = compute(ctx, YEARLY)["yearly"]["revenue_eur"].loc["Online"]
    change = (r["2024"] / r["2023"] - 1) * 100
    assert change > 0
    return Script(ctx, [LEDGER_LOOK, repl(YEARLY), f"FINAL(Online revenue fell {change:.1f}% from 2023 to 2024.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("head_says_no_errors", "sample generalized to the whole", "invented", "Did the server return any errors this week?")
def _head_no_errors() -> Script:
    ctx = {"access_log": access_log()}
    head = ctx["access_log"].splitlines()[:3]
    assert all('" 200 ' in line for line in head) and '" 500 ' in ctx["access_log"]
    return Script(ctx, [ACCESS_LOOK, "Every response shown is a 200.\nFINAL(No. All requests were served with 200 OK; there were no errors.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("five_star_share_all_chats", "wrong denominator", "invented", "What share of the rated chats got 5 stars?")
def _five_star_share() -> Script:
    ctx = {"chats": chats()}
    code = "print((chats.csat == 5).sum() / len(chats))"
    c = ctx["chats"].csat
    wrong = differs(round((c == 5).sum() / len(c) * 100, 1), round((c == 5).sum() / c.notna().sum() * 100, 1))
    return Script(ctx, [CHATS_LOOK, repl(code), f"FINAL({wrong}% of the rated chats got 5 stars.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
@case("partial_log_5xx", "sub-call over part of the data", "invented", "How many requests failed with a 5xx status?")
def _partial_5xx() -> Script:
    ctx = {"access_log": access_log()}
    code = ("said = llm_query('Count the requests with a 5xx status in this log.\\n\\n' + access_log[:30000])\n"
            "print(said)")
    part = sub_says("Count the requests with a 5xx status in this log.\n\n" + ctx["access_log"][:30000])
    k = int(part.split()[0])
    differs(k, len([line for line in ctx["access_log"].splitlines() if '" 5' in line.split("HTTP/1.1")[1][:3]]))
    return Script(ctx, [ACCESS_LOOK, repl(code), f"FINAL({k} requests failed with a 5xx status.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("restock_day_month_swapped", "date format misread", "invented", "When was SKU-2001 last restocked?")
def _day_month_swapped() -> Script:
    ctx = {"inventory": inventory()}
    code = "print(inventory[inventory.sku == 'SKU-2001'])"
    text = ctx["inventory"].set_index("sku").loc["SKU-2001", "last_restock"]
    day, month, year = (int(x) for x in text.split("/"))
    assert day <= 12 and day != month
    wrong = pd.Timestamp(year=year, month=day, day=month)
    return Script(ctx, [INVENTORY_LOOK, repl(code), f"FINAL(SKU-2001 was last restocked on {wrong:%B} {wrong.day}, {year}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("online_june_year_to_date", "cumulative read as the period's value", "invented", "What was Online's revenue in June 2024?")
def _cumulative_june() -> Script:
    ctx = {"ledger": ledger()}
    code = ("on24 = ledger[(ledger.unit == 'Online') & ledger.month.str.startswith('2024')][['month', 'revenue_eur']].copy()\n"
            "on24['ytd'] = on24.revenue_eur.cumsum()\nprint(on24.head(8))")
    o = compute(ctx, code)["on24"].set_index("month")
    wrong = differs(int(o.loc["2024-06", "ytd"]), int(o.loc["2024-06", "revenue_eur"]))
    return Script(ctx, [LEDGER_LOOK, repl(code), f"FINAL(Online's revenue in June 2024 was {eur(wrong)}.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("submit_total_as_resolved", "literal typed into a code answer", "invented",
      "Which agent resolved the most chats, and how many?")
def _submit_total() -> Script:
    ctx = {"chats": chats()}
    c = ctx["chats"]
    total = c.agent.value_counts()
    resolved = c[c.resolved].agent.value_counts()
    k = differs(int(total.iloc[0]), int(resolved[total.index[0]]))
    submit = repl(f"SUBMIT(agent={total.index[0]!r}, resolved_chats={k})")
    return Script(ctx, [CHATS_LOOK, repl("print(chats.agent.value_counts())"), submit])
