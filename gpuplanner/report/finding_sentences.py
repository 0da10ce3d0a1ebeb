"""The sentence of every finding a plan can carry, by the finding's id: English templates of
the "Finding" context, their Chinese in the one translation source. ``plan_text`` fills them
with the finding's numbers."""

from __future__ import annotations

from gpuplanner.core.words import translatable

TEXT: dict[str, str] = {
    # memory and the job
    "vram-short": translatable(
        "Finding",
        "Needs {needed_gb} GB per card; this card has {card_gb} GB, {usable_gb} GB of it usable.",
    ),
    "holds-job": translatable("Finding", "Holds the job in {card_gb} GB ({needed_gb} GB needed)."),
    "holds-job-ecc": translatable(
        "Finding",
        "Holds the job in the {driver_gb} GB its driver gives with ECC on, of the board's {card_gb} GB ({needed_gb} GB needed).",
    ),
    "holds-job-each": translatable(
        "Finding",
        "Each of the {count} cards holds what it runs: {needed_gb} GB of its {card_gb} GB.",
    ),
    "method-pytorch-only": translatable(
        "Finding",
        '{method} is a PyTorch method (a 4-bit NF4 base through bitsandbytes, {pytorch_gb} GB): no TensorFlow route has it. Ranked for the nearest Keras method instead, LoRA on an int8 base (model.quantize("int8")), with its memory and speed.',
    ),
    "multi-card-strategy": translatable(
        "Finding",
        "How TensorFlow runs {count} cards: {strategy} ({api}), {per_card_gb} GB on each.",
    ),
    "multi-card-engine": translatable(
        "Finding",
        "How {engine} runs {count} cards: the layers are divided ({api}), {per_card_gb} GB on each.",
    ),
    # an LLM engine of its own, outside TensorFlow
    "engine-backend": translatable(
        "Finding", "Runs outside TensorFlow: {engine} drives this card through {backend}."
    ),
    "engine-cc-below": translatable(
        "Finding",
        "{engine} needs an NVIDIA card of compute capability {floor} or newer; this one has {cc}.",
    ),
    "engine-amd-chip": translatable(
        "Finding",
        "{engine} has no kernels for this AMD chip ({chip}): it runs only the AMD cards on its own list.",
    ),
    "engine-vendor": translatable("Finding", "{engine} does not run on {vendor} cards."),
    "engine-speed-not-measured": translatable(
        "Finding",
        "Speed not measured on {vendor} cards with {engine}: the prediction is a wide estimate from the card's memory speed.",
    ),
    "engine-linux-only": translatable(
        "Finding", "{engine} runs on Linux only: on Windows, run it in WSL2."
    ),
    "engine-fp16-slow": translatable(
        "Finding",
        "{engine} computes in FP16, which this card runs at 1/64 of its FP32 rate: expect far less than the predicted speed. llama.cpp is the engine for this card.",
    ),
    # the TensorFlow route and the driver
    "route-unsupported": translatable(
        "Finding", "Not supported by {route}. It runs with: {other}."
    ),
    "route-cc-below-floor": translatable(
        "Finding",
        "{gpu} has compute capability {cc}; TensorFlow from {route} needs {floor} or newer and cannot use this card.",
    ),
    "route-needs-rocm": translatable(
        "Finding",
        "TensorFlow reaches this AMD card only through ROCm on Linux: allow ROCm to consider it.",
    ),
    "route-rocm-linux": translatable(
        "Finding", "Runs through ROCm on Linux only (no Windows or macOS GPU support)."
    ),
    "vram-not-read": translatable(
        "Finding",
        "Its memory was not read (this capture has none): scan the computer itself to know whether it holds the {needed_gb} GB the job needs.",
    ),
    "cpu-no-avx": translatable(
        "Finding",
        "This computer's CPU has no AVX, which TensorFlow's own pip wheels need: TensorFlow stops as it loads (\"Illegal instruction\"), whatever card it has. It runs on a new PC whose CPU has AVX.",
    ),
    "route-windows-native": translatable(
        "Finding",
        "On native Windows TensorFlow uses the GPU only up to version 2.10: use WSL2 (or the NGC container in WSL2).",
    ),
    "nvlink-bridge-needed": translatable(
        "Finding",
        "The pair needs an NVLink bridge ({price} used): over PCIe it would scale far less. The board's two x16 slots must be as far apart as the bridge (3 or 4 slots).",
    ),
    "nvlink-bridge-dc-needed": translatable(
        "Finding",
        "The pair needs the data-centre NVLink bridge made for {gpu} (NVIDIA's 2- or 4-way board, not a desktop card's bridge): over PCIe it would scale far less. No price for it is on record, so the total leaves it out: price to confirm with the seller, who usually sells these pairs with it fitted.",
    ),
    "nvlink-bridge-assumed": translatable(
        "Finding",
        "The report does not show NVLink (nvidia-smi -q never does): the plan assumes your {gpu} pair has its NVLink bridge fitted, as such pairs are sold. If it has none, say so (--nvlink-bridge none, or on the job page), or load an nvidia-smi topo -m or nvidia-smi nvlink -s capture with the report.",
    ),
    "mig-slice": translatable(
        "Finding",
        "MIG is on: TensorFlow runs in one slice, at most {slice_gb} GB and about {speed_pct}% of the card's compute. To plan the whole card, turn MIG off (nvidia-smi -mig 0, as root, with no job running) and scan again.",
    ),
    "mig-slices-unread": translatable(
        "Finding",
        "MIG is on, and this reading does not list its slices: TensorFlow runs in one slice, not the whole card, so what this plan says of your card holds with MIG off (nvidia-smi -mig 0, as root, with no job running). To plan on a slice, scan nvidia-smi -q or nvidia-smi -L, which list them.",
    ),
    "power-capped": translatable(
        "Finding",
        "Your cards run at a {cap_w} W power limit of their {default_w} W default: about {speed_pct}% of their speed. The supply and cooling permitting, lift it with nvidia-smi -pl {default_w}.",
    ),
    "power-below-max": translatable(
        "Finding",
        "Your cards run at their {cap_w} W default; their board can be set up to {max_w} W. Any gain above the default is an extrapolation (the power law was measured only below it), at most about {gain_pct}%, and it costs {extra_w} W more per card ({total_extra_w} W in all) from the supply and through the card's power plugs, loaded to {plug_pct}% of their rating.",
    ),
    "server-power-capped": translatable(
        "Finding",
        "Your cards run at a {cap_w} W power limit of their {default_w} W default: about {speed_pct}% of their speed, as planned here. In a server the chassis's supplies and cooling set that limit: change it only as the server's maker allows.",
    ),
    "server-power-kit": translatable(
        "Finding",
        "Check before buying, with the server's maker: that the chassis's supplies carry {watts} W more for the GPUs, that it has the GPU power kit (the cables) for this card, and room for {count} of it ({length_mm} mm long, {slots}-slot).",
    ),
    "server-power-kit-less": translatable(
        "Finding",
        "Check before buying, with the server's maker: that it has the GPU power kit (the cables) for this card, and room for {count} of it ({length_mm} mm long, {slots}-slot). What you buy draws {watts} W less than what it replaces.",
    ),
    "server-power-kit-same": translatable(
        "Finding",
        "Check before buying, with the server's maker: that it has the GPU power kit (the cables) for this card, and room for {count} of it ({length_mm} mm long, {slots}-slot). What you buy draws no more than what it replaces.",
    ),
    "route-ngc-ended": translatable(
        "Finding",
        "NVIDIA's last TensorFlow container is {last}: no newer one will come. Pin the tag (nvcr.io/nvidia/tensorflow:{last}-tf2-py3) and keep a driver of {driver} or newer{forward}.",
    ),
    "route-windows-or-wsl": translatable(
        "Finding",
        "This report comes from a Windows driver (WDDM): on native Windows TensorFlow uses the GPU only up to version 2.10; inside WSL2 every version does. Run it in WSL2 (or Linux).",
    ),
    "speed-not-measured": translatable(
        "Finding",
        "Speed not measured on {vendor} cards with TensorFlow: the prediction is a wide estimate.",
    ),
    "driver-update": translatable(
        "Finding",
        "Driver {have} is older than {need}, the floor of {route} for this card: update the NVIDIA driver (free).",
    ),
    "driver-update-last": translatable(
        "Finding",
        "Driver {have} is older than {need}, the floor of {route} for this card: update the NVIDIA driver within the R{branch} branch (free; on Windows its drivers are numbered {windows}). It is the last branch that runs this card: later branches do not.",
    ),
    # price
    "no-price": translatable(
        "Finding", "No price on record for this card (in the shop's list or the catalog)."
    ),
    "not-in-stock": translatable("Finding", "Not in stock in this shop."),
    "price-converted": translatable(
        "Finding",
        "No {currency} price: converted from {source_currency} at {rate} CNY per USD ({rate_date}){tax}.",
    ),
    "not-sold-here": translatable("Finding", "Not sold in {region}: {reason}{since}."),
    "market-risk": translatable("Finding", "{risk}"),
    "modified-needs-used-ok": translatable(
        "Finding",
        "A modified card (memory added by a third party): shown when used and modified cards are allowed.",
    ),
    "used-card-risk": translatable(
        "Finding",
        "A used card: many were mined on; ask how it was used, for the box and the invoice, and test it.",
    ),
    "price-very-old": translatable(
        "Finding",
        "Check today's price: the newest on record is from {date} ({months} months ago); today it may be anywhere from {low} to {high}.",
    ),
    "price-stale": translatable(
        "Finding",
        "Check today's price: this one is from {date} ({months} months ago); today it may be {low} to {high}.",
    ),
    "price-msrp": translatable(
        "Finding",
        "Only the launch price (MSRP, {date}) is on record, not a shelf price: check what shops ask today.",
    ),
    "price-other-market": translatable(
        "Finding",
        "Not a price from {market}: the newest on record is from {seen_in} ({date}), converted. Type the price you see.",
    ),
    "bridge-gain-none": translatable(
        "Finding",
        "The bridge would not make the pair faster at this job (a bridge pays from {min_pct}%): not worth buying for it.",
    ),
    "bridge-gain-small": translatable(
        "Finding",
        "The bridge would make the pair only {pct}% faster at this job (a bridge pays from {min_pct}%): not worth buying for it.",
    ),
    "price-rose": translatable(
        "Finding",
        "Prices of {price_kind} rose about {pct}% between {from_date} and {to_date} (measured on {cards} cards): today this one may be {low} to {high}.",
    ),
    "price-fell": translatable(
        "Finding",
        "Prices of {price_kind} fell about {pct}% between {from_date} and {to_date} (measured on {cards} cards): today this one may be {low} to {high}.",
    ),
    # The same four when the range is one figure (a price moved nowhere, or a range of 0%).
    "price-rose-one": translatable(
        "Finding",
        "Prices of {price_kind} rose about {pct}% between {from_date} and {to_date} (measured on {cards} cards): today this one may be about {low}.",
    ),
    "price-fell-one": translatable(
        "Finding",
        "Prices of {price_kind} fell about {pct}% between {from_date} and {to_date} (measured on {cards} cards): today this one may be about {low}.",
    ),
    "price-stale-one": translatable(
        "Finding",
        "Check today's price: this one is from {date} ({months} months ago); today it may be about {low}.",
    ),
    "price-very-old-one": translatable(
        "Finding",
        "Check today's price: the newest on record is from {date} ({months} months ago); today it may be about {low}.",
    ),
    "price-estimate": translatable(
        "Finding",
        "Only an estimate ({date}) is on record, not a listed price: check what shops ask today.",
    ),
    "price-user": translatable("Finding", "Your price, entered {date}."),
    "price-unverified": translatable(
        "Finding", "The price is an estimate that was not checked against a source."
    ),
    "over-budget": translatable("Finding", "{total} is over the {budget} budget."),
    "over-budget-by": translatable(
        "Finding",
        "Over budget by {extra}: {total} against {budget}, for the memory this kind of work usually needs.",
    ),
    "budget-stretch": translatable(
        "Finding",
        "For {extra} more: {gpu}{times} ({card_gb} GB), where this kind of work usually needs {floor_gb} GB; within the budget, no card has more than {under_gb} GB.",
    ),
    "budget-stretch-only": translatable(
        "Finding",
        "For {extra} more: {gpu}{times} ({card_gb} GB), where this kind of work usually needs {floor_gb} GB; nothing within the budget holds the job.",
    ),
    # scenario advice
    "vram-small-trap": translatable(
        "Finding",
        "{card_gb} GB cards run out of memory on today's models: 12-16 GB is the entry point.",
    ),
    "vram-below-floor": translatable(
        "Finding",
        "{card_gb} GB holds this job ({needed_gb} GB), but is under the {floor_gb} GB this kind of work usually needs: a larger model or batch later may not fit.",
    ),
    "no-ecc-24x7": translatable(
        "Finding",
        "No ECC memory: for round-the-clock training a workstation or datacenter card is safer.",
    ),
    "rent-instead": translatable(
        "Finding",
        "This job needs {count} cards: renting datacenter GPUs is usually cheaper than buying them.",
    ),
    # bottlenecks and several cards
    "pcie-slot-slower": translatable(
        "Finding",
        "Your slot is PCIe Gen{slot_gen}; this card is Gen{card_gen}: transfers run at about {percent}% of its rate (a job that works from GPU memory loses little).",
    ),
    "cpu-input-bound": translatable(
        "Finding",
        "Your CPU decodes about {pipeline} images/s; this card could train on {predicted} images/s: the CPU would hold it back.",
    ),
    "ram-below-vram": translatable(
        "Finding",
        "System memory ({ram_gb} GB) is less than the cards' memory ({vram_gb} GB): plan for at least as much RAM.",
    ),
    "scaling": translatable(
        "Finding",
        "{count} cards reach about {efficiency_pct}% of {count}x one card ({link}: the gradients' all-reduce at {gbs} GB/s per card and direction).",
    ),
    "layer-split": translatable(
        "Finding",
        "The model is split over {count} cards by layers: memory adds up, but generating a token is no faster than on one card.",
    ),
    "scaling-pays-at": translatable(
        "Finding",
        "At a batch of {batch} per card (it still fits) the {count} cards reach about {efficiency_pct}% of linear, {speed}x one card: a bigger batch hides the same exchange behind a longer step.",
    ),
    "scaling-pays-never": translatable(
        "Finding",
        "Even at a batch of {batch} per card, the most that fits, the {count} cards reach only about {efficiency_pct}% of linear ({speed}x one card).",
    ),
    "scaling-overlap-routes": translatable(
        "Finding",
        "MirroredStrategy exchanges all gradients at once after the backward pass and ignores CommunicationOptions. To overlap the exchange with the backward pass: MultiWorkerMirroredStrategy with one worker per card (TF_CONFIG) and CommunicationOptions(bytes_per_pack=...), or Horovod (built with NCCL, one process per card), which fuses and overlaps gradients itself.",
    ),
    "scaling-poor": translatable(
        "Finding",
        "{count} cards reach only {efficiency_pct}% of linear for this job: what they exchange each step is too much for the link; one faster card is the better buy.",
    ),
    "scaling-poor-keep": translatable(
        "Finding",
        "{count} cards reach only {efficiency_pct}% of linear for this job: what they exchange each step is too much for the link. Run it on fewer of them and give the others jobs of their own.",
    ),
    "p2p-off": translatable(
        "Finding",
        "These GeForce cards cannot talk to each other directly (peer-to-peer is off): gradients go through system memory.",
    ),
    "lanes-shared": translatable(
        "Finding",
        "On a desktop board the cards share the CPU's lanes ({lanes}); a workstation board gives each x16.",
    ),
    "lanes-narrow": translatable(
        "Finding",
        "The scan saw these cards' links at {lanes}: x4 or narrower is a riser or a chipset slot, not the CPU's lanes. A CPU slot makes the cards' exchange of gradients faster.",
    ),
    "slot-x4": translatable(
        "Finding",
        "This computer's GPU slot runs at x{width} (the card is x{card_width}): check that it is a full-length slot; transfers run at x{width}.",
    ),
    "nvlink": translatable(
        "Finding", "NVLink between cards ({gbs} GB/s per card, both directions together)."
    ),
    # power
    "power-socket": translatable(
        "Finding",
        "The computer would draw {wall_w} W from the wall, above the {limit_w} W a {socket} socket supplies continuously.",
    ),
    "psu-unknown-check": translatable(
        "Finding",
        "Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained) with separate 8-pin cables ({eight_pin}) or a 12V-2x6 cable.",
    ),
    "psu-unknown-keep": translatable(
        "Finding",
        "Check that your supply gives at least {recommended_w} W (about {sustained_w} W sustained) and has a cable for every power plug of your cards.",
    ),
    "psu-unknown-check-12v": translatable(
        "Finding",
        "Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained) with a 12V-2x6 cable for the card's plug.",
    ),
    "psu-unknown-check-eps": translatable(
        "Finding",
        "Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained) with {eight_pin} free CPU (EPS) 8-pin cables: this card takes the CPU plug, not PCIe.",
    ),
    "psu-unknown-check-slot": translatable(
        "Finding",
        "Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained); the card takes its power from the slot, no cable needed.",
    ),
    "psu-sustained": translatable(
        "Finding",
        "About {sustained_w} W sustained is {percent}% of the {psu_w} W supply; keep it under 80%.",
    ),
    "psu-transient": translatable(
        "Finding",
        "GPU power spikes may reach {transient_w} W, above the {limit_w} W an ATX {atx}.x supply tolerates: sudden shutdowns.",
    ),
    # The same when the ATX version was not given: 2.x is assumed, and said as assumed.
    "psu-transient-atx-unknown": translatable(
        "Finding",
        "GPU power spikes may reach {transient_w} W, above the {limit_w} W a supply of unknown ATX version is planned to tolerate (2.x; an ATX 3.x supply takes more): sudden shutdowns.",
    ),
    "psu-cables": translatable(
        "Finding", "Separate 8-pin cables needed: {needed}; the supply has {have}."
    ),
    "power-below-vendor": translatable(
        "Finding", "The vendor recommends a {recommended_w} W supply; this one has {psu_w} W."
    ),
    "cables-check": translatable(
        "Finding",
        "Check that the supply has separate 8-pin PCIe cables for each plug ({eight_pin}), not one split cable.",
    ),
    "psu-none-large-enough": translatable(
        "Finding", "Needs a {watts} W supply: more than one desktop supply delivers."
    ),
    "needs-psu": translatable(
        "Finding",
        "Needs a new {watts} W ATX 3.1 supply with a 12V-2x6 cable: about {price} (price of {date}), included in the total.",
    ),
    "needs-psu-8pin": translatable(
        "Finding",
        "Needs a new {watts} W ATX 3.1 supply with {cables} separate PCIe 8-pin cables: about {price} (price of {date}), included in the total.",
    ),
    "needs-psu-eps": translatable(
        "Finding",
        "Needs a new {watts} W supply with {cables} free CPU (EPS) 8-pin cables, which these cards take instead of PCIe plugs: about {price} (price of {date}), included in the total.",
    ),
    "adapter-check": translatable(
        "Finding",
        "Check before buying: the card takes a 12V-2x6 plug and its adapter's 8-pin count is not on record (separate 8-pin cables: at least {at_least}).",
    ),
    # the machine and the case
    "machine-laptop": translatable("Finding", "A laptop: its GPU cannot be changed or added to."),
    "machine-module-server": translatable(
        "Finding",
        "Its GPUs are {form} modules on the server's baseboard: no PCIe card takes their place (the chassis's slots are for network cards), and a faster module comes with a baseboard of its own, as another server.",
    ),
    "machine-cloud-vm": translatable(
        "Finding",
        "This is a cloud or virtual machine (the scan's kind line says what shows it): to go faster, choose a larger instance instead of buying a card.",
    ),
    "machine-one-card": translatable(
        "Finding",
        "This computer looks like a small office PC (its card runs from the slot): {count} cards need slots, cables and airflow it may lack. Enter its supply and case to check.",
    ),
    "check-low-profile": translatable(
        "Finding",
        "Check before buying: small PCs often take only low-profile (half-height) cards; check the slot's bracket height and that the card comes with a low-profile bracket.",
    ),
    "psu-ask-cables": translatable(
        "Finding",
        "Your {current} runs from the slot alone, which says nothing about your power supply: this {card_w} W card needs PCIe power cables. Planned with a {watts} W supply ({price}); if yours has the cables and the watts, enter it and the supply drops out.",
    ),
    "fit-module-needs-server": translatable(
        "Finding", "An {form} module, not a PCIe card: it needs a server built for it."
    ),
    "check-case": translatable(
        "Finding",
        "Check before buying: the longest common boards are {length_mm} mm long, with a {slots}-slot cooler.",
    ),
    "fit-too-long": translatable(
        "Finding",
        "No board of this card fits: even the reference design is {reference} mm long (common boards up to {length} mm); the case fits {clearance} mm.",
    ),
    "fit-pick-board": translatable(
        "Finding",
        "Pick a board at most {clearance} mm long: boards of this card run from {shortest} mm (the reference design) to {longest} mm, and the case fits {clearance} mm.",
    ),
    "fit-slots": translatable("Finding", "The cards need {needed} slots; {free} are free."),
    "fit-desktop-slots": translatable(
        "Finding",
        "{count} cards take {needed} slot positions with room for air, more than the {positions} of this case: they need a workstation or server chassis.",
    ),
    "fit-board-slots": translatable(
        "Finding",
        "{count} cards need {count} x16 slots; a board like this has {slots}: a workstation or server board is needed.",
    ),
    "fit-mini-itx": translatable(
        "Finding", "A mini-ITX case has one slot: {count} cards do not fit."
    ),
    "heat-output-server": translatable(
        "Finding",
        "Heat to remove: {watts} W from the cards ({btu} BTU/h); the server's CPUs, fans and switches add what its maker rates them at.",
    ),
    "heat-output": translatable(
        "Finding",
        "Heat to remove: {watts} W from the cards; the whole machine puts about {room_w} W into the room ({btu} BTU/h).",
    ),
    "cooling-passive": translatable(
        "Finding",
        "A passively cooled card ({watts} W) is cooled by a server's fans: in a desktop or workstation it overheats. Enter the case as a server to see it.",
    ),
    "cooling-desktop-card-in-server": translatable(
        "Finding",
        "A desktop card in a server: the chassis' fans push air through passive fins, and this card's own fans and power plugs are made for a desktop case. Choose a passive data-centre card or a workstation blower card.",
    ),
    "cooling-open-air-stack": translatable(
        "Finding",
        "{count} open-air cards side by side blow hot air onto each other: leave a slot between them or choose blower cards.",
    ),
    "cooling-throttled": translatable(
        "Finding",
        "The probe saw your current GPU slow down from heat: improve the case airflow first.",
    ),
    "cooling-hot": translatable("Finding", "Your current GPU reached {temp} °C during the probe."),
    # a mix of jobs (planning/plan/mix.py): what blocks one job, and what each job does
    "mix-job-blocked": translatable(
        "Finding", "It cannot run {job}, {share}% of your time, for the reason below."
    ),
    "mix-job": translatable(
        "Finding",
        "{job} ({share}% of the time): {relative}x one {gpu}'s speed; one run about {hours} h and {cost} of electricity.",
    ),
    "mix-job-hours": translatable(
        "Finding",
        "{job} ({share}% of the time): {relative}x one {gpu}'s speed; one run about {hours} h.",
    ),
    "mix-job-speed": translatable(
        "Finding", "{job} ({share}% of the time): {relative}x one {gpu}'s speed."
    ),
    "mix-month": translatable(
        "Finding",
        "A month of these jobs ({runs} runs): about {hours} h of the cards' time and {cost} of electricity.",
    ),
    "mix-month-hours": translatable(
        "Finding", "A month of these jobs ({runs} runs): about {hours} h of the cards' time."
    ),
    "mix-month-over": translatable(
        "Finding",
        "A month's runs take about {hours} h here, more than the {month_hours} h a month has: these cards cannot keep up with them.",
    ),
    # costs
    "run-cost": translatable(
        "Finding", "One training run ({job}): about {hours} h and {cost} of electricity."
    ),
    "run-cost-slice": translatable(
        "Finding",
        "One training run ({job}) on this MIG slice: about {hours} h and {cost} of electricity,"
        " the slice's {share_pct}% share of the machine's draw.",
    ),
    "run-cost-server": translatable(
        "Finding",
        "One training run ({job}): about {hours} h and {cost} of electricity for the cards'"
        " own {watts} W; the server's CPUs, fans, switches and supplies add what its maker"
        " rates them at.",
    ),
    "run-cost-server-slice": translatable(
        "Finding",
        "One training run ({job}) on this MIG slice: about {hours} h and {cost} of electricity,"
        " the slice's {share_pct}% share of its card's own {watts} W; the server's CPUs, fans,"
        " switches and supplies add what its maker rates them at.",
    ),
    "run-hours": translatable("Finding", "One training run ({job}): about {hours} h."),
    "breakeven": translatable("Finding", "Buying beats renting after about {hours} GPU-hours."),
    # against what is installed, and the rank
    "slower-than-installed": translatable(
        "Finding",
        "No faster than what you have ({speedup}x), and your cards already hold this job: not worth buying for it.",
    ),
    "slower-than-mig-off": translatable(
        "Finding",
        "Not worth buying: {speedup}x your own cards with MIG off, slower or within the prediction's error, and they hold this job: turn MIG off rather than buy.",
    ),
    "slower-than-ecc-off": translatable(
        "Finding",
        "Not worth buying: {speedup}x your own cards with ECC off, slower or within the prediction's error, and they hold this job: turn ECC off rather than buy.",
    ),
    "smaller-than-installed": translatable(
        "Finding",
        "Not worth buying: {card_gb} GB per card in place of your {installed_gb} GB takes away memory a later job may need, for {speedup}x.",
    ),
    "drops-ecc": translatable(
        "Finding",
        "Not worth buying: no ECC memory in place of your {installed}'s, for {speedup}x.",
    ),
    "gain-within-error": translatable(
        "Finding",
        "Not worth buying: {speedup}x the speed of your cards is within this prediction's ±{error_pct}%, so it may gain nothing.",
    ),
    "vram-under-floor": translatable(
        "Finding",
        "{card_gb} GB is under the {floor_gb} GB a student's card should have, and a {floor_gb} GB card fits the budget.",
    ),
    "rank-keep": translatable("Finding", "No purchase needed: your cards already hold this job."),
    "rank-keep-fix": translatable(
        "Finding",
        "Keep your cards, but not as they are: to run this job safely they need a {watts} W supply ({price}).",
    ),
    "rank-blocked": translatable("Finding", "Not offered: {by}"),
    "rank-slower-than-installed": translatable(
        "Finding", "Listed after keeping your cards: it is not faster for this job."
    ),
    "rank-speed": translatable("Finding", "Ranked by speed within the budget: {speed}x."),
    "rank-value": translatable(
        "Finding", "Ranked by value: {speed}x for the price, {value} per 1,000 {currency}."
    ),
    "rank-to-confirm": translatable(
        "Finding",
        "Price to confirm ({speed}x): only a launch price or an estimate is on record, so it is listed after the cards priced by the market until you type the price you see.",
    ),
    "rank-speed-market-first": translatable(
        "Finding",
        "Ranked by speed among the cards priced by the market: {speed}x. {gpu}{times} is faster ({other_speed}x) but has only a launch price or an estimate on record: type the price you see, and it is ranked with these.",
    ),
    "rank-value-market-first": translatable(
        "Finding",
        "Ranked by value among the cards priced by the market: {speed}x for the price, {value} per 1,000 {currency}. {gpu}{times} is better value at its launch price or estimate ({other_value} per 1,000): type the price you see, and it is ranked with these.",
    ),
    "keep-until-memory": translatable(
        "Finding", "Until a job needs more than {vram_gb} GB per card."
    ),
    "keep-until-speed": translatable(
        "Finding",
        "For more speed: {gpu}{times} would be {speedup}x as fast for {price}.",
    ),
    "keep-until-bridge": translatable(
        "Finding",
        "For more speed: an NVLink bridge for your {gpu} pair would make it {speedup}x as fast, for {price} in all.",
    ),
    # the machine as scanned and TensorFlow's environment (hardware/ and probe/ findings)
    "memory-unlike-card": translatable(
        "Finding",
        "The report gives this card {read_gb} GB, and every {gpu} has {card_gb} GB: check the report, or the card (a relabelled card reports its own memory under another's name). The plan counts the {read_gb} GB read.",
    ),
    "memory-unlike-card-keep": translatable(
        "Finding",
        "Planned with the {read_gb} GB the report gives this card, where every {gpu} has {card_gb} GB: check the report or the card before you buy anything for it.",
    ),
    "psu-reading-high": translatable(
        "Finding",
        "Your supply said it was delivering {output_w} W of its {rated_w} W ({pct}%) when its reading was saved: this plan counts only the parts it knows. Read it again under your usual load before adding to it.",
    ),
    "report-describes-fewer": translatable(
        "Finding",
        "The report says {attached} GPUs are attached but describes {described}: only those it describes are planned. A whole nvidia-smi -q -x (no --id) lists them all.",
    ),
    "pcie-slot-gen-below-card": translatable(
        "Finding",
        "Gen{card_gen} card in a Gen{slot_gen} slot: transfers peak at {slot_gbs} GB/s instead of {card_gbs} GB/s.",
    ),
    "pcie-slot-width-below-card": translatable(
        "Finding",
        "x{card_width} card in a slot wired for x{width}: half the lanes or fewer.",
    ),
    "pcie-laptop-width": translatable(
        "Finding",
        "The GPU runs at x{width} of x{card_width}: its laptop is wired so, nothing to change; training from data on the card loses little.",
    ),
    "pcie-width-below-max": translatable(
        "Finding",
        "x{card_width} card running at x{width}: check the slot (a second card or an M.2 drive may share its lanes).",
    ),
    "pcie-width-below-max-vm": translatable(
        "Finding",
        "x{card_width} card running at x{width} in this virtual machine: the provider's host sets the link, nothing to change here (another instance type may give the full width).",
    ),
    "pcie-gen-low-under-load-vm": translatable(
        "Finding",
        "Link at Gen{gen} of Gen{max_gen} under load in this virtual machine: the provider's host sets it, nothing to change here.",
    ),
    "pcie-gen-low-at-idle": translatable(
        "Finding",
        "Link at Gen{gen} of Gen{max_gen} while idle: normal power saving; the probe re-reads it under load.",
    ),
    "pcie-gen-low-under-load": translatable(
        "Finding",
        "Link still at Gen{gen} of Gen{max_gen} under load: check the riser cable, slot and BIOS PCIe setting.",
    ),
    "pcie-replays": translatable(
        "Finding",
        "{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it has climbed by more than 8, check the riser cable or the slot's contact.",
    ),
    "pcie-replays-server": translatable(
        "Finding",
        "{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it has climbed by more than 8, have the server's maker check the GPU's slot or baseboard and its seating.",
    ),
    "pcie-replays-laptop": translatable(
        "Finding",
        "{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it has climbed by more than 8, the link on the laptop's board is at fault: a repair for its maker (the GPU is soldered, there is no slot to reseat).",
    ),
    "pcie-replays-host": translatable(
        "Finding",
        "{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it has climbed by more than 8, the host's hardware is at fault: tell whoever runs the host.",
    ),
    "pcie-replays-cloud": translatable(
        "Finding",
        "{count} PCIe replays since reset: a count without its time says little (NVIDIA's DCGM warns above 8 a minute). Read it again after a minute of training; if it has climbed by more than 8, the cloud's hardware is at fault: move to another instance.",
    ),
    "pcie-behind-switch": translatable(
        "Finding",
        "The GPU sits behind a PCIe switch ({ports} ports up to the CPU); cards on it share its uplink.",
    ),
    "no-nvidia-gpu": translatable(
        "Finding",
        "No NVIDIA GPU found: {detail}",
    ),
    "tf-missing": translatable(
        "Finding",
        "TensorFlow is not installed in this Python ({python}); the probe needs it: pip install tensorflow.",
    ),
    "tf-cpu-package": translatable(
        "Finding",
        "{package} {version} is the CPU-only package: it never uses a GPU. Install 'tensorflow[and-cuda]' instead.",
    ),
    "tf-windows-native": translatable(
        "Finding",
        "TensorFlow {version} has no GPU support on native Windows (the last was 2.10): use WSL2, or TF 2.10 with CUDA 11.2.",
    ),
    "tf-cuda-libraries-missing": translatable(
        "Finding",
        "TensorFlow {version} is installed without its CUDA libraries: pip install 'tensorflow[and-cuda]'.",
    ),
    "tf-driver-too-old": translatable(
        "Finding",
        "Driver {driver} is older than {needed}, which TensorFlow {version} (CUDA {cuda}) needs: update the NVIDIA driver.",
    ),
    "tf-cc-below-floor": translatable(
        "Finding",
        "{gpu} (compute capability {cc}) is below the {floor} that official TensorFlow {version} wheels support.",
    ),
    "tf-blackwell": translatable(
        "Finding",
        "{gpu} is a Blackwell card (CC {cc}): official TensorFlow wheels have no kernels for it yet; expect the CPU.",
    ),
    "tf-amd-rocm": translatable(
        "Finding",
        "{gpu}: TensorFlow uses AMD GPUs only through tensorflow-rocm on Linux ({status}).",
    ),
    "tf-intel-none": translatable(
        "Finding",
        "{gpu}: TensorFlow has no GPU build for Intel graphics; it runs on the CPU.",
    ),
    "tf-macos": translatable(
        "Finding",
        "macOS has no CUDA: TensorFlow uses the CPU (or Apple's tensorflow-metal plugin on Apple silicon).",
    ),
    "gpu-lost": translatable(
        "Finding",
        "GPU {index} stopped answering during the scan (fallen off the bus): reseat it and check its power.",
    ),
}

# On paper a finding never asks for typing: the printed words of those that do in the window.
PRINTED_TEXT: dict[str, str] = {
    "rank-to-confirm": translatable(
        "Finding",
        "Price to confirm ({speed}x): only a launch price or an estimate is on record, so it is listed after the cards priced by the market. Ask the shop for today's price.",
    ),
    "rank-speed-market-first": translatable(
        "Finding",
        "Ranked by speed among the cards priced by the market: {speed}x. {gpu}{times} is faster ({other_speed}x) but has only a launch price or an estimate on record: ask the shop for today's price.",
    ),
    "rank-value-market-first": translatable(
        "Finding",
        "Ranked by value among the cards priced by the market: {speed}x for the price, {value} per 1,000 {currency}. {gpu}{times} is better value at its launch price or estimate ({other_value} per 1,000): ask the shop for today's price.",
    ),
    "price-other-market": translatable(
        "Finding",
        "Not a price from {market}: the newest on record is from {seen_in} ({date}), converted. Ask the shop for today's price.",
    ),
}
